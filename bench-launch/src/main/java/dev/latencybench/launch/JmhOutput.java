package dev.latencybench.launch;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UnsupportedEncodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.VerboseMode;

import dev.latencybench.core.result.ResultFiles;

/**
 * Where JMH's output of one step goes: all of it to {@code <cell>/jmh.log}, and through a {@link ConsoleFilter} to
 * the console. Catches both JMH's {@link OutputFormat} ({@link #format()}) and the forks' relayed {@code System.out}
   * and {@code System.err} ({@link #redirect()}). A log that cannot be written does not stop the step. Not concurrent.
 */
final class JmhOutput implements AutoCloseable {
    /** In each cell folder: JMH's whole output for the step. */
    static final String LOG = "jmh.log";

    private final Path file;
    private final Log log;
    private final ConsoleFilter toOut;
    private final ConsoleFilter toErr;
    private final PrintStream format;
    private PrintStream savedOut;
    private PrintStream savedErr;

    private JmhOutput(Path file, Log log, String study, PrintStream out, PrintStream err, boolean verbose) {
        this.file = file;
        this.log = log;
        this.toOut = new ConsoleFilter(log, out, study, verbose);
        this.toErr = new ConsoleFilter(log, err, study, verbose);
        this.format = printStream(toOut);
    }

    /** Opens {@code file} for the step's output; where it cannot be created, the console shows everything. */
    static JmhOutput open(Path file, String study, PrintStream out, PrintStream err, boolean verbose) {
        Log log;
        try {
            log = new Log(file, new BufferedOutputStream(Files.newOutputStream(file)));
        } catch (IOException e) {
            log = new Log(file, null);
            log.failure = ResultFiles.cannotWrite(file, e).getMessage();
            verbose = true;
        }
        return new JmhOutput(file, log, study, out, err, verbose);
    }

    /** For JMH's {@code Runner}: what the host and the forks' reports print goes through the filter. */
    OutputFormat format() {
        return OutputFormatFactory.createFormatInstance(format, VerboseMode.NORMAL);
    }

    /** Until {@link #close()}: this JVM's {@code System.out} and {@code System.err} (the forks' relay) are filtered. */
    void redirect() {
        savedOut = System.out;
        savedErr = System.err;
        System.setOut(printStream(toOut));
        System.setErr(printStream(toErr));
    }

    Path file() {
        return file;
    }

    /** Why the log is missing or incomplete, or null. */
    String logFailure() {
        return log.failure;
    }

    /** Puts {@code System.out} and {@code System.err} back, ends any last partial line and closes the log. */
    @Override
    public void close() {
        if (savedOut != null) {
            System.setOut(savedOut);
            System.setErr(savedErr);
            savedOut = null;
        }
        format.flush();
        try {
            toOut.close();
            toErr.close();
        } catch (IOException e) {
            // the log records its own failure; the console does not throw
        }
        log.close();
    }

    private static PrintStream printStream(OutputStream to) {
        try {
            return new PrintStream(to, true, StandardCharsets.UTF_8.name());
        } catch (UnsupportedEncodingException e) {
            throw new IllegalStateException(e); // UTF-8 is always there
        }
    }

    /** The log file, shared by both filters: a failed write is remembered, not thrown, so the step runs on. */
    private static final class Log extends OutputStream {
        private final Path file;
        private OutputStream to;
        volatile String failure;

        /** @param to null when the file could not be created ({@code failure} says why) */
        Log(Path file, OutputStream to) {
            this.file = file;
            this.to = to;
        }

        @Override
        public void write(int b) {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            if (to != null) {
                try {
                    to.write(b, off, len);
                } catch (IOException e) {
                    give(e);
                }
            }
        }

        @Override
        public synchronized void flush() {
            if (to != null) {
                try {
                    to.flush();
                } catch (IOException e) {
                    give(e);
                }
            }
        }

        @Override
        public synchronized void close() {
            if (to != null) {
                try {
                    to.close();
                } catch (IOException e) {
                    failure = ResultFiles.cannotWrite(file, e).getMessage();
                }
                to = null;
            }
        }

        private void give(IOException e) {
            failure = ResultFiles.cannotWrite(file, e).getMessage();
            try {
                to.close();
            } catch (IOException ignored) {
            }
            to = null;
        }
    }
}

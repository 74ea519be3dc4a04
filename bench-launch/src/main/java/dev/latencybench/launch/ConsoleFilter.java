package dev.latencybench.launch;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What JMH and the benchmark JVMs print during a step: every byte goes to the log, and a line goes to the console,
 * flushed at its newline, only when it is the suite's own or an error the user must see ({@link #passes});
 * with {@code verbose} everything does. Thread-safe: JMH writes from several threads.
 */
final class ConsoleFilter extends OutputStream {
    /** The longest line the console gets; longer ones end with {@link #CUT}. */
    static final int MAX_LINE_BYTES = 4096;
    static final String CUT = " [...]";
    /** JMH's lines that say a fork or the run failed. */
    private static final List<String> ERROR_MARKERS = List.of("<failure", "<forked VM failed",
            "<failed to invoke the VM", "<host VM has been interrupted", "<binary link had failed",
            "<shutdown timeout", "ERROR: ");
    private static final Pattern FORK_OF = Pattern.compile("# Fork: \\d+ of (\\d+)");

    private final OutputStream log;
    private final PrintStream console;
    private final boolean verbose;
    private final String progressPrefix;
    private final byte[] line = new byte[MAX_LINE_BYTES];
    private int length;
    private boolean cut;
    private Trace trace = Trace.NONE;

    /** Where an exception's lines are: after {@code <failure>}, its first line is the summary. */
    private enum Trace { NONE, SUMMARY_NEXT, FRAMES }

    /**
     * @param log     gets every byte; the caller closes it
     * @param study   the study's name: its forks' progress lines start with {@code [<study>/}
     */
    ConsoleFilter(OutputStream log, PrintStream console, String study, boolean verbose) {
        this.log = log;
        this.console = console;
        this.verbose = verbose;
        this.progressPrefix = "[" + study + "/";
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) throws IOException {
        log.write(b, off, len);
        if (verbose) {
            console.write(b, off, len);
            console.flush();
        } else {
            for (int i = off; i < off + len; i++) {
                if (b[i] == '\n') {
                    endLine();
                } else if (length < MAX_LINE_BYTES) {
                    line[length++] = b[i];
                } else {
                    cut = true;
                }
            }
        }
        for (int i = off; i < off + len; i++) {
            if (b[i] == '\n') {
                log.flush(); // a log that is followed live (tail -f) is as current as the console
                break;
            }
        }
    }

    @Override
    public synchronized void flush() throws IOException {
        log.flush();
        console.flush();
    }

    /** Decides a last line that has no newline; closes neither the log nor the console. */
    @Override
    public synchronized void close() throws IOException {
        if (length > 0 || cut) {
            endLine();
        }
        flush();
    }

    private void endLine() {
        int end = length > 0 && line[length - 1] == '\r' ? length - 1 : length;
        String text = new String(line, 0, end, StandardCharsets.UTF_8);
        if (passes(text)) {
            console.write(line, 0, end);
            if (cut) {
                console.print(CUT);
            }
            console.println();
            console.flush();
        }
        length = 0;
        cut = false;
    }

    /** Whether a line goes to the console; follows an exception across its lines. */
    boolean passes(String text) {
        if (text.startsWith(progressPrefix) || text.startsWith("latency-bench")) {
            return true;
        }
        for (String marker : ERROR_MARKERS) {
            if (text.startsWith(marker)) {
                trace = text.equals("<failure>") ? Trace.SUMMARY_NEXT : Trace.NONE;
                return true;
            }
        }
        if (text.startsWith("Exception in thread ")) {
            trace = Trace.FRAMES;
            return true;
        }
        switch (trace) {
            case SUMMARY_NEXT:
                if (!text.trim().isEmpty()) {
                    trace = Trace.FRAMES;
                    return true;
                }
                return false;
            case FRAMES:
                if (text.trim().isEmpty()) {
                    trace = Trace.NONE;
                    return false;
                }
                return text.startsWith("Caused by: ");
            default:
                break;
        }
        if (text.contains("***WARNING") || text.contains("*** WARNING")) { // JMH: the data may be wrong
            return true;
        }
        Matcher fork = FORK_OF.matcher(text);
        return fork.matches() && !fork.group(1).equals("1"); // which fork the progress lines are of
    }
}

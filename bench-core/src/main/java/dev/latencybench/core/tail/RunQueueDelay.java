package dev.latencybench.core.tail;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;

/**
 * One thread's run-queue delay: the second field of Linux's {@code /proc/self/task/<tid>/schedstat}, the
 * nanoseconds it has spent runnable but waiting for a CPU, summed since it started (the kernel adds a wait
 * when the thread gets the CPU back). The file is opened once and re-read from offset 0 into a preallocated
 * buffer: {@link #readNs} allocates nothing and costs one {@code pread} (a few microseconds). Read from the
 * {@link HiccupProbe}'s thread, never from the thread it watches. Not thread-safe.
 */
public final class RunQueueDelay implements HiccupProbe.DelaySource {
    /** The file's three numbers and a line break fit, with room to spare. */
    private static final int FILE_BYTES = 96;

    private final FileChannel file;
    private final ByteBuffer buffer = ByteBuffer.allocateDirect(FILE_BYTES);

    RunQueueDelay(Path schedstat) throws IOException {
        this.file = FileChannel.open(schedstat, StandardOpenOption.READ);
    }

    /**
     * The calling thread's, found through {@code /proc/thread-self} (Linux 3.17 and later); null where it has
     * none (another system, or {@code /proc} not mounted). Allocates: call it once per thread, not on a hot path.
     */
    public static RunQueueDelay ofCurrentThread() {
        Path self = Paths.get("/proc/thread-self");
        try {
            String task = Files.readSymbolicLink(self).toString(); // "<pid>/task/<tid>"
            Path schedstat = Paths.get("/proc").resolve(task).resolve("schedstat");
            RunQueueDelay d = new RunQueueDelay(schedstat);
            return d.readNs() < 0 ? null : d;
        } catch (IOException | UnsupportedOperationException e) {
            return null;
        }
    }

    /** The thread's run-queue delay so far, ns; -1 once it cannot be read (the thread ended). */
    @Override
    public long readNs() {
        buffer.clear();
        try {
            if (file.read(buffer, 0) <= 0) {
                return -1;
            }
        } catch (IOException e) {
            return -1;
        }
        return secondField(buffer);
    }

    /** The second of the space-separated decimal numbers from the buffer's start to its position; -1 if none. */
    static long secondField(ByteBuffer b) {
        int end = b.position();
        int i = 0;
        while (i < end && b.get(i) != ' ') {
            i++;
        }
        i++;
        long v = 0;
        int digits = 0;
        for (; i < end; i++, digits++) {
            byte c = b.get(i);
            if (c < '0' || c > '9') {
                break;
            }
            v = v * 10 + (c - '0');
        }
        return digits == 0 ? -1 : v;
    }

    @Override
    public void close() {
        try {
            file.close();
        } catch (IOException e) {
            // a /proc file: nothing was written, nothing to lose
        }
    }
}

package dev.latencybench.core.tail;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;

/** One thread's run-queue delay from Linux's {@code schedstat}, read without allocating. Not thread-safe. */
public final class RunQueueDelay implements HiccupProbe.DelaySource {
    /** The file's three numbers and a line break fit, with room to spare. */
    private static final int FILE_BYTES = 96;

    private final FileChannel file;
    private final ByteBuffer buffer = ByteBuffer.allocateDirect(FILE_BYTES);

    RunQueueDelay(Path schedstat) throws IOException {
        this.file = FileChannel.open(schedstat, StandardOpenOption.READ);
    }

    /** The calling thread's; null where {@code /proc/thread-self} is missing. Allocates: call once per thread. */
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

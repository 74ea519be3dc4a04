package dev.latencybench.queue;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import dev.latencybench.queue.oneway.MessageHandler;
import dev.latencybench.queue.oneway.MessageTransport;

/**
 * The {@code baseline} transport: one off-heap, 64-byte-aligned cache-line mailbox between the two threads, one
 * message in flight; the machine's floor under this harness. Aligned so the stamps never straddle two lines.
 * Carries the 24 bytes of stamps only, whatever {@code bench.payload} says.
 */
public final class MailboxTransport implements MessageTransport {
    /** Bytes in a cache line on the x86-64 and AArch64 machines this runs on. */
    static final int CACHE_LINE = 64;
    private static final int FULL = 0;
    private static final int SEQUENCE = 8;
    private static final int INTENDED = 16;
    private static final int ACTUAL = 24;
    private static final VarHandle LONGS = MethodHandles.byteBufferViewVarHandle(long[].class,
            ByteOrder.nativeOrder());

    private final ByteBuffer line;

    public MailboxTransport() {
        line = ByteBuffer.allocateDirect(2 * CACHE_LINE).alignedSlice(CACHE_LINE).limit(CACHE_LINE).slice()
                .order(ByteOrder.nativeOrder());
    }

    /** The mailbox starts on a cache-line boundary and is exactly one line long. */
    boolean isOneAlignedLine() {
        return line.isDirect() && line.alignmentOffset(0, CACHE_LINE) == 0 && line.capacity() == CACHE_LINE;
    }

    @Override
    public boolean trySend(long sequence, long intendedSendNs, long actualSendNs) {
        if ((long) LONGS.getAcquire(line, FULL) != 0) {
            return false;
        }
        line.putLong(SEQUENCE, sequence);
        line.putLong(INTENDED, intendedSendNs);
        line.putLong(ACTUAL, actualSendNs);
        LONGS.setRelease(line, FULL, 1L);
        return true;
    }

    @Override
    public int poll(MessageHandler handler) {
        if ((long) LONGS.getAcquire(line, FULL) == 0) {
            return 0;
        }
        long s = line.getLong(SEQUENCE);
        long intended = line.getLong(INTENDED);
        long actual = line.getLong(ACTUAL);
        LONGS.setRelease(line, FULL, 0L);
        handler.onMessage(s, intended, actual);
        return 1;
    }

    @Override
    public int payloadBytes() {
        return 3 * Long.BYTES;
    }

    @Override
    public void close() {
    }
}

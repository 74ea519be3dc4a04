package dev.latencybench.kafka;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The bytes of one chain message: five big-endian longs (sequence, intended and actual send ns, counter,
 * hand-over ns) at the offsets below, then padding. Stateless and allocation-free.
 */
public final class ChainMessage {
    public static final int SEQUENCE_OFFSET = 0;
    public static final int INTENDED_OFFSET = 8;
    public static final int SENT_OFFSET = 16;
    public static final int COUNTER_OFFSET = 24;
    public static final int HANDED_OVER_OFFSET = 32;
    /** The smallest message: the five fields and no padding ({@link ChainConfig#STAMP_BYTES}). */
    public static final int HEADER_BYTES = 40;

    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private ChainMessage() {
    }

    /**
     * A message buffer of {@code messageBytes}, its padding a fixed pattern so it does not compress to nothing.
     * @throws IllegalArgumentException when smaller than {@link #HEADER_BYTES}
     */
    public static byte[] newBuffer(int messageBytes) {
        if (messageBytes < HEADER_BYTES) {
            throw new IllegalArgumentException("a chain message needs at least " + HEADER_BYTES + " bytes (sequence,"
                    + " intended and actual send time, counter, hand-over time): " + messageBytes);
        }
        byte[] b = new byte[messageBytes];
        for (int i = HEADER_BYTES; i < b.length; i++) {
            b[i] = (byte) (i * 31);
        }
        return b;
    }

    public static void encode(byte[] b, long sequence, long intendedNs, long sentNs, long counter,
            long handedOverNs) {
        LONG.set(b, SEQUENCE_OFFSET, sequence);
        LONG.set(b, INTENDED_OFFSET, intendedNs);
        LONG.set(b, SENT_OFFSET, sentNs);
        LONG.set(b, COUNTER_OFFSET, counter);
        LONG.set(b, HANDED_OVER_OFFSET, handedOverNs);
    }

    public static long sequence(byte[] b) {
        return (long) LONG.get(b, SEQUENCE_OFFSET);
    }

    public static long intendedNs(byte[] b) {
        return (long) LONG.get(b, INTENDED_OFFSET);
    }

    public static long sentNs(byte[] b) {
        return (long) LONG.get(b, SENT_OFFSET);
    }

    public static long counter(byte[] b) {
        return (long) LONG.get(b, COUNTER_OFFSET);
    }

    public static long handedOverNs(byte[] b) {
        return (long) LONG.get(b, HANDED_OVER_OFFSET);
    }

    /** What a service does to the message it forwards: the counter goes up by one, in place. */
    public static void incrementCounter(byte[] b) {
        LONG.set(b, COUNTER_OFFSET, (long) LONG.get(b, COUNTER_OFFSET) + 1);
    }
}

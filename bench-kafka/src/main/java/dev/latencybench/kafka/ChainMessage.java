package dev.latencybench.kafka;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The bytes of one chain message, big-endian, padded to the message size:
 *
 * <pre>
 *   0        8             16          24       28            messageBytes
 *   sequence intended send actual send counter  padding ...
 *   (long)   (long, ns)    (long, ns)  (int)
 * </pre>
 *
 * The source writes all four; each service adds one to the counter; the sink reads them back. The
 * intended send time comes from the source's schedule (latency free of coordinated omission), the
 * actual one from its clock just before the send (service time).
 *
 * <p>Stateless; every method is allocation-free and works on the caller's array.
 */
public final class ChainMessage {
    public static final int SEQUENCE_OFFSET = 0;
    public static final int INTENDED_OFFSET = 8;
    public static final int SENT_OFFSET = 16;
    public static final int COUNTER_OFFSET = 24;
    /** The smallest message: the four fields and no padding. */
    public static final int HEADER_BYTES = 28;

    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

    private ChainMessage() {
    }

    /**
     * A message buffer of {@code messageBytes}, its padding filled with a fixed pattern so that the
     * bytes on the wire do not compress to nothing.
     *
     * @throws IllegalArgumentException when smaller than {@link #HEADER_BYTES}
     */
    public static byte[] newBuffer(int messageBytes) {
        if (messageBytes < HEADER_BYTES) {
            throw new IllegalArgumentException("a chain message needs at least " + HEADER_BYTES + " bytes (sequence,"
                    + " intended and actual send time, counter): " + messageBytes);
        }
        byte[] b = new byte[messageBytes];
        for (int i = HEADER_BYTES; i < b.length; i++) {
            b[i] = (byte) (i * 31);
        }
        return b;
    }

    public static void encode(byte[] b, long sequence, long intendedNs, long sentNs, int counter) {
        LONG.set(b, SEQUENCE_OFFSET, sequence);
        LONG.set(b, INTENDED_OFFSET, intendedNs);
        LONG.set(b, SENT_OFFSET, sentNs);
        INT.set(b, COUNTER_OFFSET, counter);
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

    public static int counter(byte[] b) {
        return (int) INT.get(b, COUNTER_OFFSET);
    }

    /** What a service does to the message it forwards: the counter goes up by one, in place. */
    public static void incrementCounter(byte[] b) {
        INT.set(b, COUNTER_OFFSET, (int) INT.get(b, COUNTER_OFFSET) + 1);
    }
}

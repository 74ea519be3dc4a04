package dev.latencybench.queue;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import dev.latencybench.core.oneway.MessageHandler;
import dev.latencybench.core.oneway.MessageTransport;

/**
 * The {@code baseline} transport: no queue, one cache-line mailbox between the two threads. The
 * producer writes the three stamps and publishes them with a release store of {@code full}; the
 * consumer acquires, reads, and empties the slot. One message is in flight at a time (the producer
 * waits while the slot is full). What it measures is the floor of this machine under this harness:
 * pacing, stamping, recording and one cache-line transfer between two cores.
 *
 * <pre>
 *   producer --[ full | sequence | intended | actual ]--> consumer      (one 64-byte line, padded)
 * </pre>
 *
 * <p>It carries the 24 bytes of stamps only, whatever {@code bench.payload} says. Threading: one
 * producer, one consumer. Hot path: two memory-ordered accesses, no allocation.
 */
public final class MailboxTransport extends MailboxFields implements MessageTransport {
    private static final VarHandle FULL;

    static {
        try {
            FULL = MethodHandles.lookup().findVarHandle(MailboxValues.class, "full", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @Override
    public boolean trySend(long sequence, long intendedSendNs, long actualSendNs) {
        if ((int) FULL.getAcquire(this) != 0) {
            return false;
        }
        this.sequence = sequence;
        this.intendedNs = intendedSendNs;
        this.actualNs = actualSendNs;
        FULL.setRelease(this, 1);
        return true;
    }

    @Override
    public int poll(MessageHandler handler) {
        if ((int) FULL.getAcquire(this) == 0) {
            return 0;
        }
        long s = sequence;
        long intended = intendedNs;
        long actual = actualNs;
        FULL.setRelease(this, 0);
        handler.onMessage(s, intended, actual);
        return 1;
    }

    @Override
    public int payloadBytes() {
        return 3 * Long.BYTES;
    }

    @Override
    public void close() {
        // nothing held
    }
}

/** 64 bytes of padding before the mailbox line, so no other object's field shares it. */
abstract class MailboxLeftPad {
    long p01, p02, p03, p04, p05, p06, p07, p08;
}

/** The mailbox line: the flag and the three stamps, written together. */
abstract class MailboxValues extends MailboxLeftPad {
    int full;
    long sequence;
    long intendedNs;
    long actualNs;
}

/** 64 bytes of padding after the line. */
abstract class MailboxFields extends MailboxValues {
    long p11, p12, p13, p14, p15, p16, p17, p18;
}

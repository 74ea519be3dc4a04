package dev.latencybench.core.os;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

class ProcLocksTest {
    /** st_dev 0x2e (major 0, minor 0x2e) as the kernel encodes it; /proc/locks writes it 00:2e. */
    private static final long DEV = 0x2e;

    @Test
    void theHolderOfTheInodeIsNamedAndAWaiterIsNot() {
        List<String> lines = List.of(
                "1: POSIX  ADVISORY  WRITE 4321 00:2e:99 0 EOF",
                "2: POSIX  ADVISORY  WRITE 1234 00:2e:5678 0 EOF",
                "2: -> POSIX  ADVISORY  WRITE 777 00:2e:5678 0 EOF");
        assertEquals(1234, ProcLocks.holderOf(lines, DEV, 5678));
        assertEquals(-1, ProcLocks.holderOf(lines.subList(2, 3), DEV, 5678), "a waiter holds nothing");
        assertEquals(-1, ProcLocks.holderOf(lines, DEV, 1), "no lock on that inode");
        assertEquals(-1, ProcLocks.holderOf(List.of("garbage", "3: POSIX ADVISORY WRITE x 00:2e:5678 0 EOF"), DEV,
                5678), "lines of another shape");
    }

    /** A major above 255 and a minor above 255 are split as the kernel's new_encode_dev writes them. */
    @Test
    void aLargeDeviceNumberIsSplitAsTheKernelWritesIt() {
        long major = 0x103;
        long minor = 0x1a5;
        long dev = (minor & 0xff) | (major << 8) | ((minor & ~0xffL) << 12);
        assertEquals(42, ProcLocks.holderOf(List.of("1: FLOCK  ADVISORY  WRITE 42 103:1a5:7 0 EOF"), dev, 7));
    }
}

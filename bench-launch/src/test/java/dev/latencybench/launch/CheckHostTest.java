package dev.latencybench.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.testing.FakeSysTree;

/** {@code check-host}'s command line: its help, its version, bad arguments and {@code --strict}. */
class CheckHostTest {
    private static final String NL = System.lineSeparator();

    @TempDir
    Path root;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int launch(String... args) {
        // four CPUs as a fresh install leaves them: the governor and swap warn
        FakeSysTree.machine(root, "0-3").nohzFull("(null)").cmdline("BOOT_IMAGE=/vmlinuz ro quiet")
                .governor("powersave", "0-3").swaps("/dev/sda3 partition\t8388604\t\t0\t\t-2");
        return CheckHost.launch(args, root, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void helpNamesEveryOptionAndTheExitStatus() {
        assertEquals(0, launch("--help"));
        assertTrue(out().startsWith("how well this host is tuned for latency measurements" + NL + NL
                + "Usage: check-host [-hV] [--strict]" + NL + NL + "Checks the Linux settings that move a latency tail: isolcpus, nohz_full, rcu_nocbs, CPU"), out());
        assertTrue(out().contains("      --strict    exit 1 when a check warns (for scripts and CI)" + NL), out());
        assertTrue(out().contains("  -V, --version   Print version information and exit." + NL), out());
        assertTrue(out().endsWith("Exit status: 0, 1 with --strict and a warning, 2 on a bad argument." + NL), out());
        assertEquals("", err());
    }

    @Test
    void versionPrintsTheSuitesVersionLine() {
        assertEquals(0, launch("--version"));
        assertEquals(SuiteCommit.versionLine() + NL, out());
    }

    @Test
    void anUnknownOptionIsNamedWithTheOnesThereAre() {
        assertEquals(2, launch("--strict", "--fix"));
        assertEquals("check-host: unknown option '--fix'; the options are --strict, --help, --version; see check-host"
                + " --help" + NL, err());
        assertEquals("", out());
        assertEquals(2, launch("now"));
        assertTrue(err().endsWith("check-host: unexpected argument 'now'; see check-host --help" + NL), err());
    }

    @Test
    void strictExitsOneWhenACheckWarns() {
        assertEquals(1, launch("--strict"));
        assertTrue(out().contains(" warn, "), out());
        assertEquals(0, launch());
    }
}

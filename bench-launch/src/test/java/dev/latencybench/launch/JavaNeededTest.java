package dev.latencybench.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.testing.DeclaredOnly;
import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.ConfigException;
import dev.latencybench.core.config.Periods;
import dev.latencybench.core.config.Scale;
import dev.latencybench.core.record.Metrics;
import dev.latencybench.core.study.JavaNeeded;
import dev.latencybench.core.study.RunSettings;
import dev.latencybench.core.study.Studies;
import dev.latencybench.core.study.Study;
import dev.latencybench.core.study.UserCheck;

/** The Java a study needs comes from its class file, and a JVM too old for it is refused in words, not a class error. */
class JavaNeededTest {
    @TempDir
    Path tmp;

    @Test
    void aClassNeedsTheJavaItWasCompiledFor() {
        assertEquals(11, JavaNeeded.of(StudyJarMain.class), "bench-core is compiled with --release 11");
        assertEquals(11, new DeclaredOnly().minimumJava(), "a study's own class says it");
    }

    @Test
    void aStudyCompiledForANewerJavaIsNamedBeforeItIsLoaded() throws IOException {
        int newer = JavaNeeded.runningFeature() + 1;
        // a class file of the next feature release: this JVM cannot load it, but its header says which Java it needs
        Path classFile = tmp.resolve("x/Future.class");
        Files.createDirectories(classFile.getParent());
        try (OutputStream f = Files.newOutputStream(classFile); DataOutputStream d = new DataOutputStream(f)) {
            d.writeInt(0xCAFEBABE);
            d.writeShort(0);
            d.writeShort(44 + newer);
        }
        Path services = tmp.resolve("META-INF/services/" + Study.class.getName());
        Files.createDirectories(services.getParent());
        Files.write(services, ("# a study too new for this JVM, then one it loads\nx.Future\n" + Loadable.class.getName()
                + "\n").getBytes(StandardCharsets.UTF_8));

        try (URLClassLoader withStudy = new URLClassLoader(new URL[] {tmp.toUri().toURL()},
                JavaNeededTest.class.getClassLoader())) {
            // bench.jar carries every study: one too new for this JVM must not stop the others from loading
            List<Study> loaded = Studies.onClassPath(withStudy);
            assertEquals(1, loaded.size(), "the loadable one, after the one too new");
            assertEquals("declared", loaded.get(0).name());
        }
        try (URLClassLoader loader = new URLClassLoader(new URL[] {tmp.toUri().toURL()}, null)) {
            assertEquals(newer, JavaNeeded.of(loader, "x.Future"));
            assertEquals("this jar's study (x.Future) needs Java " + newer + " or newer; this JVM ("
                    + System.getProperty("java.home") + ") is Java " + JavaNeeded.runningFeature() + "; start the jar"
                    + " with the java of a JDK " + newer + " or newer", JavaNeeded.tooNewStudy(loader));
            assertEquals(0, JavaNeeded.of(loader, "x.Missing"), "no class file: unknown");
        }
        try (URLClassLoader none = new URLClassLoader(new URL[0], null)) {
            assertNull(JavaNeeded.tooNewStudy(none), "no study on the class path: nothing too new");
        }
    }

    /** A study the service loader can make (public, with a public constructor). */
    public static final class Loadable extends DeclaredOnly {
        public Loadable() {
        }
    }

    @Test
    void theLauncherRefusesABenchmarkJvmOlderThanTheStudyNeeds() {
        Study needs17 = new DeclaredOnly() {
            @Override
            public int minimumJava() {
                return 17;
            }
        };
        // the probe below says what the JVM is; the binary only has to exist
        String javaBinary = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        RunSettings run = RunSettings.read(new BenchProperties(Map.of(RunSettings.JVM, javaBinary)),
                RunSettings.DEFAULT_RESULTS);
        JvmProbe java11 = new JvmProbe(0, "    java.specification.version = 11\n    java.version = 11.0.13\n");
        Study.Plan plan = Study.Plan.builder(List.of("a"), new Periods(Scale.SMOKE, 1, 1, 1, 1), Metrics.ONE_WAY)
                .build();
        ConfigException e = assertThrows(ConfigException.class, () -> PreFlight.checkJavaVersion(needs17, plan, run,
                java11));
        assertEquals("bench.jvm=" + run.java + " is not valid: the declared study needs Java 17 or newer; this JVM ("
                + run.java + ") is Java 11", e.getMessage());

        JvmProbe java17 = new JvmProbe(0, "    java.specification.version = 17\n    java.version = 17.0.15\n");
        PreFlight.checkJavaVersion(needs17, plan, run, java17); // runs: nothing thrown

        Study.Plan newerInput = Study.Plan.builder(List.of("a"), new Periods(Scale.SMOKE, 1, 1, 1, 1),
                Metrics.ONE_WAY).check(UserCheck.NONE.needingJava(21, "com.example.Task is compiled for Java 21"))
                .build();
        e = assertThrows(ConfigException.class, () -> PreFlight.checkJavaVersion(needs17, newerInput, run, java17));
        assertEquals("bench.jvm=" + run.java + " is not valid: the declared study (com.example.Task is compiled for"
                + " Java 21) needs Java 21 or newer; this JVM (" + run.java + ") is Java 17", e.getMessage());
    }
}

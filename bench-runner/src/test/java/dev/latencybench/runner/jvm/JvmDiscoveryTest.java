package dev.latencybench.runner.jvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.runner.FakeJdk;

class JvmDiscoveryTest {
    @TempDir
    Path tmp;

    private FakeJdk jdk(String relative, int feature) {
        return FakeJdk.create(tmp.resolve(relative), feature, "Eclipse Adoptium", feature + ".0.1", List.of());
    }

    @Test
    void findsJavaHomeJvmRootsSdkmanAndItsOwnJvmEachOnce() throws IOException {
        FakeJdk home = jdk("opt/jdk-21", 21);
        FakeJdk a = jdk("usr/lib/jvm/jdk-17", 17);
        FakeJdk b = jdk("usr/lib/jvm/jdk-25", 25);
        Files.createSymbolicLink(tmp.resolve("usr/lib/jvm/default-java"), a.home); // same JDK: listed once
        Files.createDirectories(tmp.resolve("usr/lib/jvm/not-a-jdk"));
        FakeJdk sdk = jdk("home/.sdkman/candidates/java/11.0.2-tem", 11);
        Files.createSymbolicLink(tmp.resolve("home/.sdkman/candidates/java/current"), sdk.home);
        FakeJdk own = jdk("own", 17);

        JvmDiscovery d = new JvmDiscovery(Map.of("JAVA_HOME", home.home.toString()), tmp.resolve("home"),
                List.of(tmp.resolve("usr/lib/jvm"), tmp.resolve("nowhere")), own.home);
        List<JvmDiscovery.Candidate> found = d.candidates(List.of());

        assertEquals(List.of(home.java(), own.java(), a.java(), b.java(), sdk.java()),
                found.stream().map(c -> c.java).collect(Collectors.toList()));
        assertEquals(List.of("JAVA_HOME", "this JVM", tmp.resolve("usr/lib/jvm").toString(),
                tmp.resolve("usr/lib/jvm").toString(), "SDKMAN"),
                found.stream().map(c -> c.source).collect(Collectors.toList()));
    }

    @Test
    void explicitJvmsComeFirstUnderTheirNameFromAFolderOrABinary() {
        FakeJdk a = jdk("x/jdk-a", 17);
        FakeJdk b = jdk("x/jdk-b", 21);
        JvmDiscovery d = new JvmDiscovery(Map.of(), tmp, List.of(), null);
        List<JvmDiscovery.Candidate> found = d.candidates(List.of("old=" + a.home, "new=" + b.java()));
        assertEquals(2, found.size());
        assertEquals("old", found.get(0).name);
        assertEquals(a.java(), found.get(0).java);
        assertEquals("new", found.get(1).name);
        assertEquals("--jvm", found.get(1).source);
    }

    @Test
    void aBadExplicitJvmIsAClearError() {
        JvmDiscovery d = new JvmDiscovery(Map.of(), tmp, List.of(), null);
        IllegalArgumentException noEquals = assertThrows(IllegalArgumentException.class,
                () -> d.candidates(List.of("/opt/jdk")));
        assertTrue(noEquals.getMessage().contains("expected NAME=PATH"), noEquals.getMessage());
        IllegalArgumentException notJava = assertThrows(IllegalArgumentException.class,
                () -> d.candidates(List.of("x=" + tmp)));
        assertTrue(notJava.getMessage().contains("no executable bin/java in " + tmp), notJava.getMessage());
        IllegalArgumentException badName = assertThrows(IllegalArgumentException.class,
                () -> d.candidates(List.of("a b=" + tmp)));
        assertTrue(badName.getMessage().contains("letters, digits"), badName.getMessage());
    }
}

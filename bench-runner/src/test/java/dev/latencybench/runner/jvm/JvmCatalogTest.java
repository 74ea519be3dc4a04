package dev.latencybench.runner.jvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.runner.FakeJdk;

class JvmCatalogTest {
    @TempDir
    Path tmp;
    private JvmCatalog catalog;
    private FakeJdk own;

    @BeforeEach
    void setUp() {
        FakeJdk.create(tmp.resolve("jvm/a-17"), 17, "Debian", "17.0.15", List.of());
        FakeJdk.create(tmp.resolve("jvm/b-17"), 17, "Eclipse Adoptium", "17.0.9", List.of());
        FakeJdk.create(tmp.resolve("jvm/c-25"), 25, "Eclipse Adoptium", "25.0.3", List.of());
        own = FakeJdk.create(tmp.resolve("jvm/d-21"), 21, "Eclipse Adoptium", "21.0.8", List.of());
        JvmDiscovery d = new JvmDiscovery(Map.of(), tmp.resolve("home"), List.of(tmp.resolve("jvm")), null);
        catalog = JvmCatalog.build(d.candidates(List.of()), new JvmProber(null, new GraalJit(tmp)),
                new GraalJit(tmp), own.java(), false);
    }

    private List<String> names(List<Jvm> jvms) {
        return jvms.stream().map(Jvm::name).collect(Collectors.toList());
    }

    @Test
    void namesJvmsByVendorAndVersion() {
        assertEquals(List.of("openjdk-17.0.15", "temurin-17.0.9", "temurin-25.0.3", "temurin-21.0.8"),
                names(catalog.plain()));
    }

    @Test
    void resolvesExactNamesShortFormsCurrentAndAll() {
        assertEquals(List.of("temurin-25.0.3"), names(catalog.resolve(List.of("25"))));
        assertEquals(List.of("temurin-17.0.9"), names(catalog.resolve(List.of("temurin-17"))));
        assertEquals(List.of("openjdk-17.0.15"), names(catalog.resolve(List.of("openjdk-17.0.15"))));
        assertEquals(List.of("temurin-21.0.8"), names(catalog.resolve(List.of("current"))));
        assertEquals(4, catalog.resolve(List.of("all")).size());
        assertEquals(List.of("temurin-25.0.3", "temurin-21.0.8"), names(catalog.resolve(List.of("25", "21", "25"))));
    }

    @Test
    void anAmbiguousOrUnknownNameListsWhatThereIs() {
        IllegalArgumentException ambiguous = assertThrows(IllegalArgumentException.class,
                () -> catalog.resolve(List.of("17")));
        assertTrue(ambiguous.getMessage().contains("is ambiguous: it matches openjdk-17.0.15, temurin-17.0.9"),
                ambiguous.getMessage());
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> catalog.resolve(List.of("zulu-8")));
        assertTrue(unknown.getMessage().contains("JVM 'zulu-8' is not installed or not found; known JVMs: "
                + "openjdk-17.0.15, temurin-17.0.9, temurin-25.0.3, temurin-21.0.8"), unknown.getMessage());
        assertThrows(IllegalArgumentException.class, () -> catalog.resolve(List.of()));
    }

    @Test
    void aGraalVariantThatDoesNotRunSaysWhy() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> catalog.resolve(List.of("25+graal")));
        assertTrue(e.getMessage().contains("the GraalVM JIT does not run on temurin-25.0.3: this JDK has no JVMCI"),
                e.getMessage());
    }

    @Test
    void anExplicitJvmThatDoesNotStartIsAnError() {
        FakeJdk broken = FakeJdk.create(tmp.resolve("broken"), 17, "X", "17", List.of("-XshowSettings:properties"));
        JvmDiscovery d = new JvmDiscovery(Map.of(), tmp.resolve("home"), List.of(), null);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JvmCatalog.build(
                d.candidates(List.of("mine=" + broken.home)), new JvmProber(null, new GraalJit(tmp)),
                new GraalJit(tmp), null, false));
        assertTrue(e.getMessage().startsWith("--jvm mine=" + broken.java() + ": it does not start as a JVM"),
                e.getMessage());
    }
}

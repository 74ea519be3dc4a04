package dev.latencybench.runner;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BundleNativesTest {
    private static final BundleNatives.Platform LINUX_X64 = new BundleNatives.Platform(Set.of("linux"),
            Set.of("amd64", "x86_64", "x64"));
    private static final BundleNatives.Platform LINUX_ARM64 = new BundleNatives.Platform(Set.of("linux"),
            Set.of("aarch64", "arm64"));

    @TempDir
    Path tmp;

    /** Paths as the study jars and the broker's jars hold them (zstd-jni, snappy-java, lz4-java, jffi). */
    @Test
    void aLibraryIsLeftOutWhereItsFoldersNameAnotherSystemOrArchitecture() {
        Map<String, Boolean> linuxX64Keeps = Map.ofEntries(
                Map.entry("linux/amd64/libzstd-jni-1.5.7-17.so", true),
                Map.entry("linux/aarch64/libzstd-jni-1.5.7-17.so", false),
                Map.entry("linux/i386/libzstd-jni-1.5.7-17.so", false),
                Map.entry("win/amd64/libzstd-jni-1.5.7-17.dll", false),
                Map.entry("darwin/x86_64/libzstd-jni-1.5.7-17.dylib", false),
                Map.entry("org/xerial/snappy/native/Linux/x86_64/libsnappyjava.so", true),
                Map.entry("org/xerial/snappy/native/Linux/x86/libsnappyjava.so", false),
                Map.entry("org/xerial/snappy/native/Linux/android-arm/libsnappyjava.so", false),
                Map.entry("org/xerial/snappy/native/Windows/x86_64/snappyjava.dll", false),
                Map.entry("net/jpountz/util/linux/amd64/liblz4-java.so", true),
                Map.entry("jni/x86_64-Linux/libjffi-1.2.so", true),
                Map.entry("jni/x86_64-FreeBSD/libjffi-1.2.so", false),
                Map.entry("jni/Darwin/libjffi-1.2.jnilib", false),
                Map.entry("com/sun/jna/linux-x86-64/libjnidispatch.so", true), // JNA, which pins the threads
                Map.entry("com/sun/jna/linux-x86/libjnidispatch.so", false),
                Map.entry("com/sun/jna/win32-x86-64/jnidispatch.dll", false),
                Map.entry("lib/linux-x86_64/libfoo.so", true),
                Map.entry("lib/linux-x86/libfoo.so", false),
                Map.entry("libplain.so", true), // names no platform: kept
                Map.entry("META-INF/native/libnetty_transport_native_epoll_aarch_64.so", true), // only its file name says
                Map.entry("org/xerial/snappy/native/Linux/aarch64/", false), // a folder is no library
                Map.entry("org/example/Windows.class", false)); // not a library
        linuxX64Keeps.forEach((path, kept) -> {
            boolean library = path.endsWith(".so") || path.endsWith(".dll") || path.endsWith(".dylib")
                    || path.endsWith(".jnilib");
            assertEquals(library && !kept, BundleNatives.foreign(path, LINUX_X64), path);
        });
        assertFalse(BundleNatives.foreign("linux/aarch64/libzstd-jni-1.5.7-17.so", LINUX_ARM64));
        assertTrue(BundleNatives.foreign("linux/amd64/libzstd-jni-1.5.7-17.so", LINUX_ARM64));
    }

    @Test
    void theCopyKeepsEveryOtherEntryInItsOrderWithItsBytes() throws IOException {
        Path jar = tmp.resolve("in.jar");
        List<String> names = List.of("a/A.class", "linux/amd64/libz.so", "win/amd64/libz.dll", "b/data.txt",
                "linux/aarch64/libz.so");
        Manifest m = new Manifest();
        m.getMainAttributes().putValue("Manifest-Version", "1.0");
        m.getMainAttributes().putValue("Main-Class", "a.A");
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file, m)) {
            for (String n : names) {
                ZipEntry e = new ZipEntry(n);
                if (n.endsWith(".txt")) { // a stored entry too
                    byte[] b = bytes(n);
                    e.setMethod(ZipEntry.STORED);
                    e.setSize(b.length);
                    java.util.zip.CRC32 crc = new java.util.zip.CRC32();
                    crc.update(b);
                    e.setCrc(crc.getValue());
                }
                out.putNextEntry(e);
                out.write(bytes(n));
                out.closeEntry();
            }
        }
        Path copied = tmp.resolve("out.jar");
        long leftOut = BundleNatives.copyJar(jar, copied, LINUX_X64);
        assertEquals(bytes("win/amd64/libz.dll").length + bytes("linux/aarch64/libz.so").length, leftOut);
        try (ZipFile z = new ZipFile(copied.toFile())) {
            List<String> kept = new ArrayList<>();
            for (ZipEntry e : Collections.list(z.entries())) {
                kept.add(e.getName());
                if (!e.getName().startsWith("META-INF/")) {
                    assertArrayEquals(bytes(e.getName()), z.getInputStream(e).readAllBytes(), e.getName());
                }
            }
            assertEquals(List.of("META-INF/MANIFEST.MF", "a/A.class", "linux/amd64/libz.so", "b/data.txt"), kept);
        }
        try (JarFile j = new JarFile(copied.toFile())) {
            assertEquals("a.A", j.getManifest().getMainAttributes().getValue("Main-Class"), "still a runnable jar");
        }
        Path again = tmp.resolve("again.jar");
        assertEquals(0, BundleNatives.copyJar(copied, again, LINUX_X64), "nothing more to leave out: copied as it is");
        assertArrayEquals(Files.readAllBytes(copied), Files.readAllBytes(again));
    }

    private static byte[] bytes(String name) {
        return ("the bytes of " + name + " ").repeat(50).getBytes(StandardCharsets.UTF_8);
    }
}

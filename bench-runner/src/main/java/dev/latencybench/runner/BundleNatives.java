package dev.latencybench.runner;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * Leaves out of a bundle's jars every native library whose path names another operating system or architecture
 * than this machine's, since the bundle's runtimes run only here. A signed jar is carried as it is. Stateless.
 */
final class BundleNatives {
    /** The endings of native libraries. */
    private static final List<String> NATIVE = List.of(".so", ".dll", ".dylib", ".jnilib", ".a");
    /** How the libraries' paths name operating systems, lower-cased, to the name used here. */
    private static final Set<String> OPERATING_SYSTEMS = Set.of("linux", "windows", "win", "win32", "win64", "mac",
            "macos", "osx", "darwin", "freebsd", "openbsd", "netbsd", "dragonflybsd", "sunos", "solaris", "aix",
            "android");
    /** How they name architectures, lower-cased. */
    private static final Set<String> ARCHITECTURES = Set.of("x86_64", "amd64", "x64", "x86", "i386", "i686",
            "aarch64", "arm64", "arm", "armel", "armv6", "armv7", "armhf", "ppc", "ppc64", "ppc64le", "s390x", "riscv64",
            "mips64", "mips64el", "loongarch64", "sparc", "sparcv9");

    /** An operating system and the names of its architecture, as the libraries' paths give them. */
    static final class Platform {
        final Set<String> os;
        final Set<String> arch;

        Platform(Set<String> os, Set<String> arch) {
            this.os = os;
            this.arch = arch;
        }

        /** This machine's, which the bundle's jlink'd runtimes run on. */
        static Platform here() {
            String name = System.getProperty("os.name").toLowerCase(Locale.ROOT);
            String arch = System.getProperty("os.arch").toLowerCase(Locale.ROOT);
            Set<String> os = name.startsWith("linux") ? Set.of("linux")
                    : name.startsWith("mac") ? Set.of("mac", "macos", "osx", "darwin")
                    : name.startsWith("windows") ? Set.of("windows", "win", "win32", "win64") : Set.of(name);
            Set<String> a = arch.equals("amd64") || arch.equals("x86_64") ? Set.of("amd64", "x86_64", "x64")
                    : arch.equals("aarch64") || arch.equals("arm64") ? Set.of("aarch64", "arm64") : Set.of(arch);
            return new Platform(os, a);
        }
    }

    private BundleNatives() {
    }

    /** Whether the jar entry {@code name} is a native library for another platform than {@code p}. */
    static boolean foreign(String name, Platform p) {
        String lower = name.toLowerCase(Locale.ROOT);
        if (lower.endsWith("/") || NATIVE.stream().noneMatch(lower::endsWith)) {
            return false;
        }
        // the folders' names only, since a file name may hold anything; JNA's linux-x86-64 is x86_64
        String[] tokens = lower.substring(0, Math.max(0, lower.lastIndexOf('/'))).replace("x86-64", "x86_64")
                .split("[/-]");
        boolean otherOs = false;
        boolean otherArch = false;
        for (String t : tokens) {
            otherOs |= OPERATING_SYSTEMS.contains(t) && !p.os.contains(t);
            otherArch |= ARCHITECTURES.contains(t) && !p.arch.contains(t);
        }
        return otherOs || otherArch;
    }

    /** Copies the jar without other platforms' native libraries (a signed jar as it is); returns the bytes left out. */
    static long copyJar(Path from, Path to, Platform p) throws IOException {
        long leftOut = 0;
        boolean signed = false;
        try (ZipFile zip = new ZipFile(from.toFile())) {
            for (Enumeration<? extends ZipEntry> e = zip.entries(); e.hasMoreElements(); ) {
                ZipEntry entry = e.nextElement();
                String name = entry.getName().toUpperCase(Locale.ROOT);
                signed |= name.startsWith("META-INF/") && (name.endsWith(".SF") || name.endsWith(".RSA")
                        || name.endsWith(".DSA") || name.endsWith(".EC"));
                if (foreign(entry.getName(), p)) {
                    leftOut += Math.max(0, entry.getSize());
                }
            }
            if (signed || leftOut == 0) {
                Files.copy(from, to);
                return 0;
            }
            try (OutputStream file = Files.newOutputStream(to); ZipOutputStream out = new ZipOutputStream(file)) {
                for (Enumeration<? extends ZipEntry> e = zip.entries(); e.hasMoreElements(); ) {
                    ZipEntry entry = e.nextElement();
                    if (foreign(entry.getName(), p)) {
                        continue;
                    }
                    ZipEntry copy = new ZipEntry(entry);
                    if (copy.getMethod() == ZipEntry.DEFLATED) {
                        copy.setCompressedSize(-1); // deflated again here
                    }
                    out.putNextEntry(copy);
                    try (InputStream in = zip.getInputStream(entry)) {
                        in.transferTo(out);
                    }
                    out.closeEntry();
                }
            }
        }
        return leftOut;
    }
}

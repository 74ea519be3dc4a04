package dev.latencybench.runner;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.latencybench.core.os.Command;

/**
 * The fonts a bundle's runtime draws the report's charts with. A jlink'd runtime has no fonts of its own and, on
 * Linux, asks the machine's fontconfig for them; a machine without fontconfig or fonts has none to give, and the
 * report then stops at its first chart ("Fontconfig head is null", seen on a bare 16-core machine). So a bundle
 * carries the sans-serif faces this machine draws with, plain and bold as {@code fc-match} names them, in each
 * runtime's {@code lib/fonts}, and a {@code lib/fontconfig.properties} mapping every logical font to them. A runtime
 * with that file uses it instead of the machine's fontconfig, so a bundle's charts look the same on every machine.
 */
final class BundleFonts {
    /** A font file and the full name the JDK registers it under (the name the properties file maps to). */
    record Face(String fullName, Path file) {
    }

    /** The faces found, or none and why not. */
    record Found(List<Face> faces, String whyNone) {
        boolean any() {
            return !faces.isEmpty();
        }
    }

    /** What {@code fc-match} is asked for: the plain face, then the bold one. */
    static final List<String> PATTERNS = List.of("sans-serif", "sans-serif:bold");
    private static final List<String> LOGICAL = List.of("serif", "sansserif", "monospaced", "dialog", "dialoginput");
    private static final List<String> STYLES = List.of("plain", "bold", "italic", "bolditalic");

    private BundleFonts() {
    }

    /** This machine's sans-serif faces, plain and bold, by {@code fc-match}; none with the reason where it fails. */
    static Found find() {
        List<Face> faces = new ArrayList<>();
        for (String pattern : PATTERNS) {
            String line;
            try {
                line = fcMatch(pattern);
            } catch (IOException e) {
                return new Found(List.of(), "fc-match " + pattern + ": " + e.getMessage());
            }
            Face face = parse(line);
            if (face == null) {
                return new Found(List.of(), "fc-match " + pattern + " named no font file: '" + line + "'");
            }
            faces.add(face);
        }
        return new Found(faces, null);
    }

    /** One line of {@code fc-match -f '%{fullname[0]}\t%{file}'}: a face whose file is there, or null. */
    static Face parse(String line) {
        int tab = line.indexOf('\t');
        if (tab <= 0) {
            return null;
        }
        String name = line.substring(0, tab).trim();
        Path file = Path.of(line.substring(tab + 1).trim());
        String fileName = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.isEmpty() || !Files.isRegularFile(file) || !(fileName.endsWith(".ttf") || fileName.endsWith(".otf"))) {
            return null;
        }
        return new Face(name, file);
    }

    /**
     * The runtime's {@code lib/fontconfig.properties}: every logical font in every style mapped to the plain face
     * (bold and bold italic to the bold one), each face's file in the runtime's own {@code lib/fonts}.
     */
    static String properties(Face plain, Face bold) {
        StringBuilder s = new StringBuilder("# Written by bench bundle: the report's charts draw with these faces, carried in\n"
                + "# lib/fonts, instead of asking the machine's fontconfig (which a bare machine may lack).\n"
                + "version=1\nsequence.allfonts=latin-1\n");
        for (String logical : LOGICAL) {
            for (String style : STYLES) {
                s.append(logical).append('.').append(style).append(".latin-1=")
                        .append(style.startsWith("bold") ? bold.fullName() : plain.fullName()).append('\n');
            }
        }
        for (Face f : List.of(plain, bold)) {
            s.append("filename.").append(f.fullName().replace(' ', '_')).append("=$JRE_LIB_FONTS/")
                    .append(f.file().getFileName()).append('\n');
        }
        return s.toString();
    }

    /** Copies the faces into {@code runtime/lib/fonts} and writes {@code runtime/lib/fontconfig.properties}. */
    static void carry(Found found, Path runtime) throws IOException {
        Path fonts = Files.createDirectories(runtime.resolve("lib").resolve("fonts"));
        for (Face f : found.faces()) {
            Path to = fonts.resolve(f.file().getFileName().toString());
            if (!Files.exists(to)) {
                Files.copy(f.file(), to);
            }
        }
        Files.writeString(runtime.resolve("lib").resolve("fontconfig.properties"),
                properties(found.faces().get(0), found.faces().get(1)), StandardCharsets.UTF_8);
    }

    private static String fcMatch(String pattern) throws IOException {
        Command c;
        try {
            c = Command.run(List.of("fc-match", "-f", "%{fullname[0]}\t%{file}", pattern), 30);
        } catch (IOException e) {
            throw new IOException("not installed (no fontconfig on this machine)", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
        if (c.exitCode != 0) {
            throw new IOException("failed: " + c.output);
        }
        return c.output;
    }
}

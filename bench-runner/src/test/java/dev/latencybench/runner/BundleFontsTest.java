package dev.latencybench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fonts a bundle carries for its report's charts: {@code fc-match}'s line read into a face, and the runtime's
 * {@code lib/fontconfig.properties} mapping every logical font and style to the carried files. BundleIT draws a
 * report with them while the machine's own fontconfig is hidden.
 */
class BundleFontsTest {
    @TempDir
    Path tmp;

    @Test
    void aLineOfFcMatchIsAFaceOnlyWhenItNamesAFontFileThatIsThere() throws IOException {
        Path ttf = Files.writeString(tmp.resolve("Sans-Bold.ttf"), "not really a font");
        BundleFonts.Face face = BundleFonts.parse("Some Sans Bold\t" + ttf);
        assertEquals(new BundleFonts.Face("Some Sans Bold", ttf), face);
        assertNull(BundleFonts.parse("Some Sans Bold\t" + tmp.resolve("gone.ttf")), "a file that is not there");
        assertNull(BundleFonts.parse("Some Sans\t" + Files.writeString(tmp.resolve("x.pcf.gz"), "")), "not TrueType");
        assertNull(BundleFonts.parse("\t" + ttf), "no name");
        assertNull(BundleFonts.parse("Fontconfig warning: no fonts"), "no file");
    }

    @Test
    void theRuntimeMapsEveryLogicalFontToTheCarriedFilesBoldToBold() throws IOException {
        Path plain = Files.writeString(tmp.resolve("Some-Sans.ttf"), "plain");
        Path bold = Files.writeString(tmp.resolve("Some-Sans-Bold.ttf"), "bold");
        BundleFonts.Found found = new BundleFonts.Found(List.of(new BundleFonts.Face("Some Sans", plain),
                new BundleFonts.Face("Some Sans Bold", bold)), null);
        Path runtime = Files.createDirectories(tmp.resolve("runtime/lib"));
        BundleFonts.carry(found, runtime.getParent());

        assertEquals("plain", Files.readString(runtime.resolve("fonts/Some-Sans.ttf")));
        assertEquals("bold", Files.readString(runtime.resolve("fonts/Some-Sans-Bold.ttf")));
        Properties p = new Properties();
        p.load(new StringReader(Files.readString(runtime.resolve("fontconfig.properties"), StandardCharsets.UTF_8)));
        assertEquals("1", p.getProperty("version"));
        for (String logical : List.of("serif", "sansserif", "monospaced", "dialog", "dialoginput")) {
            assertEquals("Some Sans", p.getProperty(logical + ".plain.latin-1"), logical);
            assertEquals("Some Sans", p.getProperty(logical + ".italic.latin-1"), logical);
            assertEquals("Some Sans Bold", p.getProperty(logical + ".bold.latin-1"), logical);
            assertEquals("Some Sans Bold", p.getProperty(logical + ".bolditalic.latin-1"), logical);
        }
        assertEquals("$JRE_LIB_FONTS/Some-Sans.ttf", p.getProperty("filename.Some_Sans"));
        assertEquals("$JRE_LIB_FONTS/Some-Sans-Bold.ttf", p.getProperty("filename.Some_Sans_Bold"));
        assertTrue(p.stringPropertyNames().stream().allMatch(k -> k.equals("version") || k.startsWith("sequence.")
                || k.startsWith("filename.") || k.endsWith(".latin-1")), p.toString());
    }
}

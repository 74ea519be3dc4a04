package dev.latencybench.core.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileNamesTest {
    @TempDir
    Path tmp;

    private static int bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }

    @Test
    void aNameThatFitsIsKeptAsItIs() {
        assertEquals("jmh-task-HandoffTask.json", FileNames.fit("jmh-task-HandoffTask", ".json"));
        assertEquals("jmh-task-HandoffTask.json", ResultLayout.jmhJson("task", "HandoffTask"));
    }

    @Test
    void aNameTooLongIsShortenedTheSameWayEachTimeAndKeepsItsSuffix() throws Exception {
        String longName = "A" + "b".repeat(236); // the 237-character class name
        String fitted = ResultLayout.jmhJson("task", longName);

        assertTrue(bytes(fitted) <= FileNames.MAX_BYTES, fitted);
        assertTrue(fitted.startsWith("jmh-task-Abbb"), fitted);
        assertTrue(fitted.matches("jmh-task-Ab+-[0-9a-f]{12}\\.json"), fitted);
        assertEquals(fitted, ResultLayout.jmhJson("task", longName), "stable");
        assertNotEquals(fitted, ResultLayout.jmhJson("task", longName + "c"), "a name alike in its beginning stays apart");
        Files.writeString(tmp.resolve(fitted + ".tmp-1234567890"), "{}"); // the file system takes it, a temp suffix too
    }

    @Test
    void aNameOfManyByteCharactersIsCutAtACharacterNotInsideOne() {
        String cyrillic = "Задача".repeat(40); // 2 bytes a letter
        String fitted = FileNames.fit(cyrillic, ".json");
        assertTrue(bytes(fitted) <= FileNames.MAX_BYTES, fitted);
        assertTrue(cyrillic.startsWith(fitted.substring(0, fitted.lastIndexOf('-'))), fitted);
        assertEquals(fitted, new String(fitted.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8));
    }
}

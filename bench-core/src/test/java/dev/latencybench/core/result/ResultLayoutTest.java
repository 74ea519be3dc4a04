package dev.latencybench.core.result;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;

import org.junit.jupiter.api.Test;

import dev.latencybench.core.env.JvmIdentity;

class ResultLayoutTest {

    @Test
    void runIdIsUtcTimeAndHost() {
        ZonedDateTime utc = ZonedDateTime.of(2026, 11, 23, 3, 15, 0, 0, ZoneOffset.UTC);
        assertEquals("20261123T031500Z-myhost", ResultLayout.newRunId(utc, "myhost"));
    }

    @Test
    void runIdConvertsLocalTimeToUtc() {
        ZonedDateTime berlin = ZonedDateTime.of(2026, 11, 23, 4, 15, 9, 999_000_000, ZoneId.of("Europe/Berlin"));
        assertEquals("20261123T031509Z-lab-1.example.org", ResultLayout.newRunId(berlin, "lab-1.example.org"));
        ZonedDateTime tokyo = ZonedDateTime.of(2027, 1, 1, 8, 0, 0, 0, ZoneId.of("Asia/Tokyo"));
        assertEquals("20261231T230000Z-h", ResultLayout.newRunId(tokyo, "h"));
    }

    @Test
    void runIdReplacesCharactersThatDoNotBelongInAFolderName() {
        ZonedDateTime utc = ZonedDateTime.of(2026, 1, 2, 3, 4, 5, 0, ZoneOffset.UTC);
        assertEquals("20260102T030405Z-my_box_1_x_y", ResultLayout.newRunId(utc, "my box/1:x\\y"));
    }

    @Test
    void foldersOfACell() {
        Path results = Paths.get("/r");
        JvmIdentity id = new JvmIdentity("temurin-25.0.3", "zgc");
        Path cell = ResultLayout.cellDir(results, "run1", "queue", "chronicle", id.cellName());
        assertEquals(Paths.get("/r/run1/queue/chronicle"), ResultLayout.variantDir(results, "run1", "queue",
                "chronicle"));
        assertEquals(Paths.get("/r/run1/queue/chronicle/temurin-25.0.3__zgc"), cell);
        assertEquals(Paths.get("/r/run1/queue/chronicle/temurin-25.0.3__zgc/forks/4242"),
                ResultLayout.forkDir(cell, 4242));
    }
}

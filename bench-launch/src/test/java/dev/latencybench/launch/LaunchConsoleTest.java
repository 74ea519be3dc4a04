package dev.latencybench.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The schedule's answer on the console: each answer a short line, its reasons wrapped beneath it. */
class LaunchConsoleTest {
    @Test
    void reasonsAreWrappedAtSpacesWithinTheirWidth() {
        String why = "2 chains, the search limit, passed (every one of 4,000 samples under 100ms (max 9.17ms; p99.9"
                + " itself rests on 4 beyond it)); decided by chronicle-instances-2";
        List<String> lines = LaunchConsole.wrap(why, LaunchConsole.WHY_WIDTH - 6);
        assertEquals(2, lines.size(), lines.toString());
        for (String l : lines) {
            assertTrue(l.length() <= LaunchConsole.WHY_WIDTH - 6, l);
        }
        assertEquals(why, String.join(" ", lines), "nothing lost or added");
        assertEquals(List.of("a", "word-longer-than-the-width", "b c"), LaunchConsole.wrap("a"
                + " word-longer-than-the-width b c", 5));
        assertEquals(List.of(), LaunchConsole.wrap("", 10));
    }
}

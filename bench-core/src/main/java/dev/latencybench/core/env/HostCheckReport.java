package dev.latencybench.core.env;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

import com.google.gson.JsonArray;

import dev.latencybench.core.env.HostCheck.Finding;
import dev.latencybench.core.env.HostCheck.Status;
import dev.latencybench.core.json.JsonCodec;

/**
 * The two forms {@link HostCheck}'s findings leave in: aligned lines for a person
 * ({@code check-host}) and a JSON array for {@code env.json}.
 *
 * <p>Stateless and thread-safe. Not for hot paths.
 */
final class HostCheckReport {
    /** The narrowest id column; a longer id widens it for every line. */
    private static final int ID_WIDTH = 12;

    private HostCheckReport() {
    }

    /** Prints one aligned line per finding (advice after a dash), then {@code 3 pass, 6 warn, 1 info}. */
    static void print(PrintStream out, List<Finding> findings) {
        int width = ID_WIDTH;
        for (Finding f : findings) {
            width = Math.max(width, f.id.length());
        }
        String format = "%-4s  %-" + width + "s %s";
        int[] counts = new int[Status.values().length];
        for (Finding f : findings) {
            counts[f.status.ordinal()]++;
            String line = String.format(Locale.ROOT, format, f.status, f.id, f.observed);
            out.println(f.advice.isEmpty() ? line : line + " - " + f.advice);
        }
        out.printf(Locale.ROOT, "%d pass, %d warn, %d info%n", counts[Status.PASS.ordinal()],
                counts[Status.WARN.ordinal()], counts[Status.INFO.ordinal()]);
    }

    /** The findings as {@code env.json} holds them: each an {@link EnvironmentFile.Check} (advice only where given). */
    static JsonArray toJson(List<Finding> findings) {
        JsonArray array = new JsonArray();
        for (Finding f : findings) {
            array.add(JsonCodec.toJson(EnvironmentFile.Check.of(f)));
        }
        return array;
    }
}

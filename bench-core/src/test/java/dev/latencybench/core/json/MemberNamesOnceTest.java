package dev.latencybench.core.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import dev.latencybench.core.testing.CommittedRuns;

/**
 * The grep-able check that a JSON member is named once, as a field of its type, and never as text in
 * {@code src/main}: in every main source file of every module that uses Gson, no member is looked up, tested,
 * removed or added by a string literal ({@code .get("x")}, {@code .has("x")}, {@code .remove("x")},
 * {@code getAsJsonObject("x")}, {@code getAsJsonArray("x")}, {@code addProperty("x", ...)}). The same check by hand:
 * {@code grep -rnE '\.(get|has|remove|getAsJsonObject|getAsJsonArray|getAsJsonPrimitive)\("|addProperty\("'}
 * over each module's {@code src/main/java}, in the files that import {@code com.google.gson}.
 *
 * <p>The files that still do are listed in {@link #NOT_YET} with how many such names they hold (some are a map's
 * keys, not JSON members, in a file that also uses Gson): the count may only go down, a file not listed may hold
 * none, and a file converted leaves the list. The list is the work left of issue 39's first item.
 */
class MemberNamesOnceTest {
    private static final Pattern BY_NAME = Pattern.compile(
            "\\.(get|has|remove|getAsJsonObject|getAsJsonArray|getAsJsonPrimitive)\\(\"|addProperty\\(\"");

    /** Main files (by simple name: the modules' packages move) that still name members as text, and how often. */
    private static final Map<String, Integer> NOT_YET = Map.ofEntries(
            Map.entry("ArchiveCache.java", 12),
            Map.entry("BrokerDescription.java", 16),
            Map.entry("BrokerSettings.java", 8),
            Map.entry("BrokerWarmup.java", 7),
            Map.entry("ChainStudy.java", 11),
            Map.entry("ChainWorkload.java", 4),
            Map.entry("ChronicleChainTransport.java", 4),
            Map.entry("ClusterClient.java", 4),
            Map.entry("EmbeddedMember.java", 4),
            Map.entry("Environment.java", 1),
            Map.entry("ExternalKafkaCluster.java", 5),
            Map.entry("HopLoopWorkload.java", 5),
            Map.entry("HostCheck.java", 1),
            Map.entry("JetWorkload.java", 4),
            Map.entry("JvmProber.java", 1),
            Map.entry("KafkaChainTransport.java", 7),
            Map.entry("KafkaClientSettings.java", 4),
            Map.entry("OneWayWorkload.java", 2),
            Map.entry("QueueStudy.java", 2),
            Map.entry("RunData.java", 2),
            Map.entry("SearchBroker.java", 2),
            Map.entry("StartupTables.java", 4),
            Map.entry("StepCpu.java", 5),
            Map.entry("TaskStudy.java", 1),
            Map.entry("TaskWorkload.java", 2));

    @Test
    void noMainFileNamesAJsonMemberAsTextBeyondWhatIsLeftToConvert() throws IOException {
        Map<String, Integer> found = new TreeMap<>();
        Map<String, String> firstLine = new TreeMap<>();
        Path root = CommittedRuns.results().getParent();
        List<Path> files;
        try (Stream<Path> s = Files.walk(root, 12)) {
            files = s.filter(p -> p.toString().endsWith(".java") && p.toString().contains("/src/main/java/")
                    && !p.toString().contains("/target/")).sorted().collect(Collectors.toList());
        }
        assertTrue(files.size() > 100, files.size() + " main files under " + root);
        for (Path f : files) {
            String text = Files.readString(f, StandardCharsets.UTF_8);
            if (!text.contains("import com.google.gson")) {
                continue;
            }
            int n = 0;
            String[] lines = text.split("\n", -1);
            for (int i = 0; i < lines.length; i++) {
                Matcher m = BY_NAME.matcher(lines[i]);
                while (m.find()) {
                    if (n++ == 0) {
                        firstLine.put(f.getFileName().toString(), root.relativize(f) + ":" + (i + 1) + ": "
                                + lines[i].trim());
                    }
                }
            }
            if (n > 0) {
                found.merge(f.getFileName().toString(), n, Integer::sum);
            }
        }
        List<String> wrong = new ArrayList<>();
        found.forEach((file, n) -> {
            int allowed = NOT_YET.getOrDefault(file, 0);
            if (n > allowed) {
                wrong.add(file + " names JSON members as text " + n + " times (" + allowed + " allowed), first at "
                        + firstLine.get(file) + ": make them the fields of the file's type (core.json.JsonCodec)");
            }
        });
        NOT_YET.forEach((file, allowed) -> {
            int n = found.getOrDefault(file, 0);
            if (n < allowed) {
                wrong.add(file + " names members as text " + n + " times now, not " + allowed + ": lower its count in"
                        + " NOT_YET" + (n == 0 ? " (remove it)" : ""));
            }
        });
        assertEquals(List.of(), wrong);
    }
}

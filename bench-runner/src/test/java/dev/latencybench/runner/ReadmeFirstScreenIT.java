package dev.latencybench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.record.LatencyRecorder;
import dev.latencybench.core.record.LatencySummary;
import dev.latencybench.core.result.ResultFiles;
import dev.latencybench.jet.JetResultChecks;
import dev.latencybench.startup.LaunchChecks;
import dev.latencybench.core.testing.UnderLoad;

/**
 * Every command README.md's first screen shows is run: the smoke run of all four studies exactly as
 * written (from a folder of its own, so its results go there), and the test command, which CI runs
 * ({@code .ci/run}, checked here to be that command). The smoke run's folder holds what the README and
 * docs/results.md promise a newcomer: the report, summary.csv and summary.json, and an .hgrm beside each
 * interval log that reads as HdrHistogram's percentile text.
 *
 * <p>The run is also each study's default smoke run, so the happy path of each is checked here, once,
 * on the cells it made (the JVM running this test, its default collector): every message, window and
 * launch accounted for, the files each cell writes, the chain study's answer per transport, and nothing
 * left behind (queue folders, the broker, services, members' ports). The study modules' own ITs run
 * their jars for what this run cannot show: failures, signals, properties and variants it does not use.
 * The run is made once for the class; a test per study reads its cells. It is the first of bench-runner's ITs
 * ({@code @Order}), and has the machine alone while its queue cells hold 100K msg/s on two spinning threads;
 * the other ITs run beside the rest of it ({@link MachineShare}).
 */
@Order(1)
class ReadmeFirstScreenIT {
    /** The first screen: the commands must be in a code block that starts within these lines. */
    private static final int FIRST_SCREEN_LINES = 20;
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    /** bench.queue.dir's default, where the queue and chain studies' Chronicle folders go. */
    private static final Path QUEUE_DIR = Path.of("/dev/shm");

    @TempDir
    static Path tmp;
    private static List<String> commands;
    private static boolean ended;
    private static int exit;
    private static String out;
    /** The points that failed for the load of a busy machine, as {@link UnderLoad#busyFailures} says them. */
    private static volatile List<String> busy = List.of();

    /** The commands of the README's first code block, comments and blank lines left out. */
    static List<String> firstScreenCommands(List<String> readme) {
        int start = -1;
        for (int i = 0; i < Math.min(FIRST_SCREEN_LINES, readme.size()); i++) {
            if (readme.get(i).startsWith("```")) {
                start = i;
                break;
            }
        }
        assertTrue(start >= 0, "a code block within the first " + FIRST_SCREEN_LINES + " lines of README.md");
        List<String> commands = new ArrayList<>();
        for (int i = start + 1; i < readme.size() && !readme.get(i).startsWith("```"); i++) {
            String line = readme.get(i).replaceAll("\\s+#.*$", "").trim();
            if (!line.isEmpty() && !line.startsWith("#")) {
                commands.add(line);
            }
        }
        return commands;
    }

    /** Runs the first command, the smoke run, as the README writes it, from a folder of its own. */
    @BeforeAll
    static void runTheSmokeRunAsWritten() throws Exception {
        commands = firstScreenCommands(Files.readAllLines(ROOT.resolve("README.md")));
        String smoke = commands.get(0);
        List<String> cmd = new ArrayList<>(List.of("bash", "-c", ROOT.resolve(smoke.split(" ")[0])
                + smoke.substring(smoke.indexOf(' '))));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(tmp.toFile()).redirectErrorStream(true);
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().put("XDG_CACHE_HOME", tmp.resolve("cache").toString());
        assertTrue(MachineShare.takeAlone(10), "the machine alone for the queue cells within 10 minutes");
        BenchJar.Watched run;
        try {
            run = new BenchJar.Watched(pb);
            boolean[] queueCells = {false};
            run.awaitLine(l -> { // the first cell after the queue study's
                if (!l.startsWith("latency-bench: cell ")) {
                    return false;
                }
                queueCells[0] |= l.contains(": queue/");
                return queueCells[0] && !l.contains(": queue/");
            }, 300);
        } finally {
            MachineShare.giveBackAlone();
        }
        BenchJar.Finished f = run.toEnd(15);
        ended = f.exit != -1;
        out = f.console;
        exit = f.exit;
    }

    @Test
    void theFirstScreensCommandsAreTheSmokeRunAndTheTestsAndBothWork() throws Exception {
        assertEquals(List.of("scripts/bench run --scale smoke", "./mvnw verify"), commands,
                "a new command on the first screen needs its run here");
        assertTrue(Files.readString(ROOT.resolve(".ci/run")).contains("./mvnw -B verify"),
                "CI runs the test command as the README gives it (-B only makes Maven's output plain)");
        Path runDir = runDir();
        // the studies 'all' stands for, found as the runner finds them; the README says how many it runs
        List<String> all = dev.latencybench.core.study.Studies.onClassPath().stream()
                .filter(dev.latencybench.core.study.Study::inAll).map(dev.latencybench.core.study.Study::name)
                .collect(Collectors.toList());
        for (String study : all) {
            assertTrue(Files.isDirectory(runDir.resolve(study)), study + " ran:\n" + out);
        }
        try (Stream<Path> ran = Files.list(runDir)) {
            assertEquals(all.stream().sorted().collect(Collectors.toList()), ran.filter(Files::isDirectory)
                    .map(d -> d.getFileName().toString()).filter(n -> !n.equals("logs") && !n.equals("charts"))
                    .sorted().collect(Collectors.toList()), "the smoke run runs 'all' and nothing else");
        }
        String[] words = {"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"};
        String stated = "all " + (all.size() < words.length ? words[all.size()] : String.valueOf(all.size()))
                + " studies";
        assertTrue(Files.readString(ROOT.resolve("README.md")).contains("scripts/bench run --scale smoke   # " + stated),
                "README's smoke run says which studies it runs: " + stated);
        for (String f : List.of("REPORT.md", "report.html", "summary.csv", "summary.json")) {
            assertTrue(Files.size(runDir.resolve(f)) > 0, f);
        }
        List<String> csv = Files.readAllLines(runDir.resolve("summary.csv"));
        int columns = fields(csv.get(0)).size();
        assertTrue(csv.size() > 10, "a row per cell, variant and metric: " + csv.size());
        for (String row : csv) {
            assertEquals(columns, fields(row).size(), "every row has the header's columns: " + row);
        }
        List<Path> hgrms;
        try (Stream<Path> s = Files.walk(runDir)) {
            hgrms = s.filter(f -> f.toString().endsWith(".hgrm")).toList();
        }
        assertTrue(hgrms.size() >= 4, "an .hgrm per metric of each cell: " + hgrms);
        for (Path h : hgrms) {
            assertHgrm(Files.readAllLines(h), h);
        }
    }

    /**
     * The report answers on its first screen: the smoke banner and one answer line per study within the first 40
     * lines of REPORT.md, which stays under 500 lines (the chain study runs four transports and two hop loops); each
     * line at most 200 characters with every figure in a table
     * below it, and none without an answer; no latency-over-time chart, as no cell of a smoke run
     * has 10 intervals; no run.lock left in the finished run.
     */
    @Test
    void theReportAnswersOnItsFirstScreenAndSaysASmokeRunIsNoMeasurement() throws Exception {
        Path runDir = runDir();
        List<String> md = Files.readAllLines(runDir.resolve("REPORT.md"));
        assertTrue(md.size() < 500, "REPORT.md is a short read: " + md.size() + " lines");
        String first = String.join("\n", md.subList(0, Math.min(40, md.size())));
        assertTrue(first.contains("**A smoke run: it checks that the suite runs here; it is not a measurement to"
                + " decide on.**"), first);
        List<String> all = dev.latencybench.core.study.Studies.onClassPath().stream()
                .filter(dev.latencybench.core.study.Study::inAll).map(dev.latencybench.core.study.Study::name).toList();
        for (String study : all) {
            assertEquals(1, md.subList(0, Math.min(40, md.size())).stream().filter(l -> l.startsWith("- **[" + study
                    + "](#scenario-" + study + ")**: ")).count(), "one answer line for " + study + ":\n" + first);
        }
        // every line at most 200 characters, every figure in it in a table below; a flag cautions, never silences
        List<String> problems = dev.latencybench.report.AnswerFiguresTest.check("the README's smoke run",
                String.join("\n", md), Files.readString(runDir.resolve("report.html")));
        assertEquals(List.of(), problems);
        for (String study : all) {
            String line = md.subList(0, Math.min(40, md.size())).stream().filter(l -> l.startsWith("- **[" + study
                    + "]")).findFirst().orElse("");
            if (busyStudy(study)) {
                System.out.println("not asserted on a busy machine: " + study + " answers: " + line);
            } else {
                assertFalse(line.contains("no answer"), "a smoke run on this machine answers every study:\n" + first);
            }
        }
        // issue 40: every study's tail is given a cause, on the first screen and in summary.csv
        // issue 46: "the worst" only above the median, "of all N samples" where a cell kept every one, a gc pause
        // under measuring threads that allocate nothing named the fork's
        // and where no cause holds two thirds, the two largest: "beyond p99: 21 code and 19 platform of 40"
        String named = "(gc(, the fork's pause)?|safepoint|platform|code)";
        String level = "(beyond p99(\\.9)?|of the [\\d,]+ worst|of all [\\d,]+ samples|of [\\d,]+ samples kept): ";
        java.util.regex.Pattern cause = java.util.regex.Pattern.compile("(beyond p99(\\.9)?: [\\d,]+ of [\\d,]+ " + named
                + "|" + level + "[\\d,]+ " + named + "( and [\\d,]+ " + named + "( of [\\d,]+)?)?)");
        List<String> csv = Files.readAllLines(runDir.resolve("summary.csv"));
        int causeColumn = fields(csv.get(0)).indexOf("tail_cause");
        for (String study : all) {
            String line = md.subList(0, Math.min(40, md.size())).stream().filter(l -> l.startsWith("- **[" + study
                    + "]")).findFirst().orElse("");
            if (busyStudy(study)) {
                continue; // said above
            }
            assertTrue(cause.matcher(line).find(), study + "'s answer names its tail's cause: " + line);
            assertTrue(csv.stream().skip(1).map(ReadmeFirstScreenIT::fields).anyMatch(r -> r.get(0).equals(study)
                    && cause.matcher(r.get(causeColumn)).matches()), study + " has a tail_cause in summary.csv");
        }
        try (Stream<Path> charts = Files.list(runDir.resolve("charts"))) {
            List<String> timelines = charts.map(c -> c.getFileName().toString()).filter(n -> n.contains("timeline"))
                    .toList();
            assertEquals(List.of(), timelines, "a smoke cell has 2-5 intervals: no timeline is drawn");
        }
        assertFalse(Files.exists(runDir.resolve("run.lock")), "a finished run leaves no lock");
    }

    /**
     * The queue study's default: chronicle, reference and baseline, each OK with every one of its 200,000
     * messages (2 s at 100K msg/s) received and in both metrics; the .hlog reads back through HdrHistogram's
     * own reader to the percentiles in result.json; the loops allocate nothing per message; the schedule
     * ran the three in order and answers no question; no queue folder of its forks is left.
     */
    @Test
    void theQueueStudyAccountsForEveryMessageOfEveryTransport() throws Exception {
        Path studyDir = studyDir("queue");
        assertTrue(out.contains("latency from the intended send time"), out);
        for (String transport : List.of("chronicle", "reference", "baseline")) {
            Path cell = cell(studyDir, transport);
            for (String f : List.of("result.json", "env.json", "jmh-queue-" + transport + ".json", "latency.hlog",
                    "latency.hgrm", "service.hgrm")) {
                assertTrue(Files.isRegularFile(cell.resolve(f)), transport + " wrote " + f);
            }
            JsonObject r = ResultFiles.readJson(cell.resolve("result.json"));
            UnderLoad.assertOk(r, transport);
            long sent = r.get("sent").getAsLong();
            assertEquals(200_000, sent, "smoke: 2 s at 100K msg/s");
            assertEquals(sent, r.get("received").getAsLong());
            assertEquals(0, r.get("lost").getAsLong());
            LatencySummary latency = LatencySummary.fromJson(r.getAsJsonObject("metrics").getAsJsonObject("latency"));
            LatencySummary service = LatencySummary.fromJson(r.getAsJsonObject("metrics").getAsJsonObject("service"));
            assertEquals(sent, latency.count);
            assertEquals(sent, service.count);
            assertTrue(latency.p50 > 0 && latency.p50 <= latency.p99 && latency.p99 <= latency.max, latency.toString());

            // HdrHistogram's own reader sees the same numbers as result.json
            Histogram fromLog = LatencyRecorder.newHistogram();
            HistogramLogReader reader = new HistogramLogReader(cell.resolve("latency.hlog").toFile());
            EncodableHistogram h;
            while ((h = reader.nextIntervalHistogram()) != null) {
                if (((Histogram) h).getTag() == null) {
                    fromLog.add((Histogram) h);
                }
            }
            reader.close();
            assertEquals(latency, LatencySummary.of(fromLog));

            // the producer and consumer loops allocate nothing per message: what they allocate over 200,000
            // messages is a few fixed kilobytes, where one object per message would be 16 bytes or more each
            double bytesPerMessage = r.getAsJsonObject("allocation").get("bytesPerMessage").getAsDouble();
            assertTrue(bytesPerMessage < 1.0, transport + " allocates " + bytesPerMessage + " bytes per message");

            JsonObject env = ResultFiles.readJson(cell.resolve("env.json"));
            assertEquals(System.getProperty("java.version"), env.getAsJsonObject("jdk").get("version").getAsString());

            // JMH's own JSON carries every declared metric's merged percentiles
            String jmh = Files.readString(cell.resolve("jmh-queue-" + transport + ".json"));
            assertTrue(jmh.contains("\"latency.p99.9\"") && jmh.contains("\"service.p50\""), transport + ": " + jmh);
            assertEquals("baseline", r.getAsJsonObject("roles").get("floor").getAsString());
            assertNoFolderOfItsForks(cell, "latency-bench-queue-");
        }
        // the schedule's record of the steps it ran for this JVM cell: the three variants, in order, all OK
        JsonObject schedule = schedule(studyDir);
        assertEquals(3, schedule.getAsJsonArray("steps").size(), schedule.toString());
        assertEquals("chronicle", schedule.getAsJsonArray("steps").get(0).getAsJsonObject().get("name").getAsString());
        UnderLoad.assertOk(schedule.getAsJsonArray("steps").get(2).getAsJsonObject(), "the schedule's third step");
        assertFalse(schedule.has("decision"), "a fixed list answers no question");
    }

    /**
     * The chain study's default: a capacity search over chronicle, Kafka's consumers as published and as meant,
     * and in-memory that prints its answer per transport, with each hop's loop (its yardstick) beside. Every
     * step it ran accounts for every message of its chains of five services (sent, received, none lost, no
     * wrong counter, each hop and the whole chain timed per message; a loop: one chain of one hop), records
     * its CPU, and failed, if at all, only by the SLO, which is the search's question; the launcher's broker
     * and the forks' queue folders are gone afterwards.
     */
    @Test
    void theChainStudysSearchAccountsForEveryMessageAndPrintsItsAnswerPerTransport() throws Exception {
        Path studyDir = studyDir("chain");
        assertTrue(out.contains("  answer:\n    chronicle: "), out);
        assertTrue(out.contains("\n    kafka-as-published: "), out);
        assertTrue(out.contains("\n    kafka: "), out);
        assertTrue(out.contains("\n    in-memory: "), out);
        assertTrue(out.contains("chain/chronicle-instances-1"), out);
        JsonObject schedule = schedule(studyDir);
        JsonObject parts = schedule.getAsJsonObject("decision").getAsJsonObject("parts");
        assertEquals(List.of("chronicle", "kafka-as-published", "kafka", "in-memory"),
                new ArrayList<>(parts.keySet()), "the loops answer no question");
        List<String> steps = new ArrayList<>();
        for (JsonElement e : schedule.getAsJsonArray("steps")) {
            steps.add(e.getAsJsonObject().get("name").getAsString());
        }
        for (String transport : List.of("chronicle", "kafka-as-published", "kafka", "in-memory")) {
            assertTrue(steps.contains(transport + "-instances-1"), "the search of " + transport + " ran: " + steps);
        }
        assertTrue(steps.contains("chronicle-loop") && steps.contains("kafka-loop"), "the yardsticks ran: " + steps);
        for (String step : steps) {
            Path cell = cell(studyDir, step);
            JsonObject r = ResultFiles.readJson(cell.resolve("result.json"));
            String status = r.get("status").getAsString();
            if (!status.equals("OK")) {
                assertEquals("FAILED", status, step);
                for (JsonElement reason : r.getAsJsonArray("reasons")) {
                    if (!reason.getAsString().startsWith("the SLO ")) { // failed by the SLO only, or by a busy machine
                        UnderLoad.assertOk(r, step);
                    }
                }
            }
            boolean loop = step.endsWith("-loop");
            long instances = loop ? 1 : Long.parseLong(step.substring(step.lastIndexOf('-') + 1));
            long sent = r.get("sent").getAsLong();
            assertEquals(instances * 2_000, sent, step + ": " + instances + " chains, 2 s at 1,000 msg/s");
            JsonObject cpu = r.getAsJsonObject("cpu");
            assertTrue(cpu.get("benchmarkJvmCores").getAsDouble() > 0, step + " CPU: " + cpu);
            assertEquals(step.startsWith("kafka"), cpu.has("brokerCores"), step + " the broker's CPU: " + cpu);
            assertEquals(sent, r.get("received").getAsLong(), step);
            assertEquals(0, r.get("lost").getAsLong(), step);
            assertEquals(0, r.get("wrongCounter").getAsLong(), step);
            assertEquals(instances, r.get("instances").getAsLong(), step);
            assertEquals(instances, r.getAsJsonArray("chains").size(), step);
            for (String m : loop ? List.of("latency", "service", "hop-1") : List.of("latency", "service", "hop-1",
                    "hop-6")) {
                assertEquals(sent, r.getAsJsonObject("metrics").getAsJsonObject(m).get("count").getAsLong(), step + m);
            }
            assertEquals("in-memory", r.getAsJsonObject("roles").get("floor").getAsString());
            assertNoFolderOfItsForks(cell, "latency-bench-chain-");
        }
        JsonObject broker = schedule.getAsJsonObject("shared").getAsJsonObject("kafka-as-published"); // the first
        assertFalse(Files.exists(Path.of(broker.get("folder").getAsString())), "no lb-kafka-* folder left: " + broker);
        assertFalse(ProcessHandle.of(broker.get("pid").getAsLong()).map(ProcessHandle::isAlive).orElse(false),
                "the broker stopped: " + broker);
    }

    /**
     * The Jet study's default: 100 keys, the Jet pipeline and the published one, each OK with every window
     * end of 3 s of 10 ms slides measured, every key's count of every window right, the source at its
     * 10,000 events/s; no benchmark JVM and no member's port left.
     */
    @Test
    void theJetStudyMeasuresEveryWindowWithTheRightCounts() throws Exception {
        Path studyDir = studyDir("jet");
        long keys = 100;
        assertTrue(out.contains("variants: sweep of bench.jet.keys: 100 for each of jet, reference"), out);
        Path cell = cell(studyDir, "jet-keys-" + keys);
        JetResultChecks.assertEveryWindowCounted(ResultFiles.readJson(cell.resolve("result.json")), keys);
        assertNoJetForkLeft(cell);

        Path reference = cell(studyDir, "reference-keys-" + keys);
        JsonObject y = ResultFiles.readJson(reference.resolve("result.json"));
        UnderLoad.assertOk(y, "the published pipeline, " + keys);
        JsonObject yj = y.getAsJsonObject("jet");
        long yWindows = yj.get("windows").getAsLong();
        UnderLoad.assertWithinUnlessBusy(y, yWindows, 290, 320, "the published pipeline's window ends in 3 s");
        assertEquals(yWindows, y.getAsJsonObject("metrics").getAsJsonObject("first-result").get("count").getAsLong());
        long yInput = yj.get("inputPerSec").getAsLong();
        UnderLoad.assertWithinUnlessBusy(y, yInput, 9_501, 10_499, "the published source's events/s");
        assertNoJetForkLeft(reference);
    }

    /**
     * The start-up study's default: the minimal and the Micronaut service in every mode this JDK has (aot
     * from JDK 24, native with a native-image; each skipped with its reason otherwise) and the responder;
     * every launch answered with plausible RSS, PSS and CPU time, the load's counts exact, a CDS archive
     * built; every service process reaped and its port free.
     */
    @Test
    void theStartupStudysLaunchesAnswerWithPlausibleFiguresAndLeaveNothing() throws Exception {
        Path studyDir = studyDir("startup");
        Path java = Path.of(System.getProperty("java.home"), "bin");
        boolean aot = Runtime.version().feature() >= 24;
        boolean nativeImage = Files.isExecutable(java.resolve("native-image"));
        List<String> variants = new ArrayList<>(List.of("responder-jvm"));
        for (String service : List.of("minimal", "micronaut")) {
            variants.add(service + "-jvm");
            variants.add(service + "-cds");
            if (aot) {
                variants.add(service + "-aot");
            }
            if (nativeImage) {
                variants.add(service + "-native");
            }
        }
        if (!aot) {
            assertTrue(out.contains("aot skipped: the AOT cache needs JDK 24 or newer"), out);
        }
        if (!nativeImage) {
            assertTrue(out.contains("native skipped: no native-image in " + java), out);
        }
        for (String v : variants) {
            JsonObject r = ResultFiles.readJson(cell(studyDir, v).resolve("result.json"));
            LaunchChecks.assertLaunchesAnswered(v, r);
            if (!nativeImage) {
                assertTrue(r.getAsJsonObject("skipped").get("native").getAsString().startsWith("no native-image in "),
                        v + ": " + r.get("skipped"));
            }
        }
        for (String service : List.of("minimal", "micronaut")) {
            JsonObject cds = ResultFiles.readJson(cell(studyDir, service + "-cds").resolve("result.json"))
                    .getAsJsonArray("prepared").get(0).getAsJsonObject();
            assertTrue(cds.get("sizeBytes").getAsLong() > 100_000, "a CDS archive was built: " + cds);
        }
    }

    /** The run's folder under results/ of the folder the README's command ran from; the run ended with 0. */
    private static Path runDir() throws IOException {
        assertTrue(ended, "the smoke run ended within 15 minutes:\n" + out);
        busy = UnderLoad.assertExitZeroUnlessBusy(exit, out, tmp.resolve("results"));
        try (Stream<Path> runs = Files.list(tmp.resolve("results"))) {
            return runs.filter(Files::isDirectory).findFirst().orElseThrow();
        }
    }

    /** Whether a point of {@code study} failed for the load of a busy machine. */
    private static boolean busyStudy(String study) {
        return busy.stream().anyMatch(b -> b.contains("/" + study + "/"));
    }

    private static Path studyDir(String study) throws IOException {
        Path dir = runDir().resolve(study);
        assertTrue(Files.isDirectory(dir), study + " ran:\n" + out);
        return dir;
    }

    /** The one JVM x GC cell of a variant: the README's run asks for the current JVM and its default collector. */
    private static Path cell(Path studyDir, String variant) throws IOException {
        try (Stream<Path> cells = Files.list(studyDir.resolve(variant))) {
            List<Path> dirs = cells.filter(Files::isDirectory).collect(Collectors.toList());
            assertEquals(1, dirs.size(), "one JVM x GC cell: " + dirs);
            return dirs.get(0);
        }
    }

    /** The study's one schedule: the steps it ran for the one JVM x GC cell, and its decision. */
    private static JsonObject schedule(Path studyDir) throws IOException {
        try (Stream<Path> f = Files.list(studyDir)) {
            return ResultFiles.readJson(f.filter(x -> x.toString().endsWith(".schedule.json")).findFirst()
                    .orElseThrow());
        }
    }

    /** The pids of a cell's benchmark JVMs: its forks' folders are named by them. */
    private static List<Long> forkPids(Path cell) throws IOException {
        try (Stream<Path> forks = Files.list(cell.resolve("forks"))) {
            return forks.map(f -> Long.parseLong(f.getFileName().toString())).collect(Collectors.toList());
        }
    }

    /**
     * No Chronicle folder (or its lock file) that a fork of this cell made in the default queue folder is
     * left: such a folder is named {@code <prefix><pid>-<random>}; other runs' folders there are not ours.
     */
    private static void assertNoFolderOfItsForks(Path cell, String prefix) throws IOException {
        for (long pid : forkPids(cell)) {
            try (Stream<Path> s = Files.list(QUEUE_DIR)) {
                List<Path> left = s.filter(f -> f.getFileName().toString().startsWith(prefix + pid + "-"))
                        .collect(Collectors.toList());
                assertEquals(List.of(), left, cell + ": fork " + pid + " left its queue folder");
            }
        }
    }

    /** The cell's benchmark JVMs have ended, and nothing listens on their embedded members' ports. */
    private static void assertNoJetForkLeft(Path cell) throws IOException {
        for (long pid : forkPids(cell)) {
            assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "fork " + pid + " ended");
            JsonObject f = ResultFiles.readJson(cell.resolve("forks").resolve(Long.toString(pid)).resolve("fork.json"));
            String address = f.getAsJsonObject("cluster").get("address").getAsString();
            int port = Integer.parseInt(address.substring(address.indexOf(':') + 1));
            assertTrue(LaunchChecks.loopbackPortFree(port), "nothing listens on " + address);
        }
    }

    /** HdrHistogram's percentile text: the header, rows of value, percentile, count and 1/(1-percentile), the mean. */
    private static void assertHgrm(List<String> lines, Path file) {
        assertTrue(lines.get(0).trim().matches("Value\\s+Percentile\\s+TotalCount\\s+1/\\(1-Percentile\\)"),
                file + ": " + lines.get(0));
        int rows = 0;
        double last = -1;
        for (String line : lines.subList(1, lines.size())) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.trim().split("\\s+");
            assertTrue(f.length == 3 || f.length == 4, file + ": " + line);
            double percentile = Double.parseDouble(f[1]);
            assertTrue(percentile >= last && percentile <= 1, file + ": percentiles rise to 1: " + line);
            last = percentile;
            rows++;
        }
        // a distribution of one value (2 launches alike in 10 ms ticks) prints it at 0 and at 1: two rows
        assertTrue(rows >= 2 && last == 1.0, file + ": " + rows + " rows, the last at " + last);
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("#[Mean")), file + ": its summary lines");
    }

    /** The fields of a CSV line (RFC 4180: a quoted field may hold commas and doubled quotes). */
    static List<String> fields(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder f = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted && c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                f.append('"');
                i++;
            } else if (c == '"') {
                quoted = !quoted;
            } else if (c == ',' && !quoted) {
                out.add(f.toString());
                f.setLength(0);
            } else {
                f.append(c);
            }
        }
        assertTrue(!quoted, "a quote left open: " + line);
        out.add(f.toString());
        return out;
    }
}

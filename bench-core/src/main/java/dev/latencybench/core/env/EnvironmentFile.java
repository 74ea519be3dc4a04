package dev.latencybench.core.env;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.annotations.SerializedName;

import dev.latencybench.core.json.JsonCodec;
import dev.latencybench.core.json.Others;
import dev.latencybench.core.result.ResultFiles;

/**
 * {@code env.json}, typed: what a fork's JVM found of its machine, and in a cell's folder the same with the suite
 * commit and each fork's pinning and load added. Written and read through {@link JsonCodec}; a field is null where
 * the file lacks it, and unknown members are kept in {@code others}. Immutable apart from the JSON objects it holds.
 */
public final class EnvironmentFile {
    /** The layout written now; a file without it reads as version 1. */
    public static final int VERSION = 1;

    /** A file with nothing in it yet. */
    public static final EnvironmentFile EMPTY = new EnvironmentFile(VERSION, null, null, null, null, null, null,
            null, null, null, new JsonObject());

    /** The file's layout; null in a file written before it was (version 1). */
    @SerializedName("formatVersion")
    private final Integer version;
    public final Jdk jdk;
    /** The collector's id, e.g. {@code g1}. */
    public final String gc;
    /** The JVM's input arguments. */
    public final List<String> vmFlags;
    public final Cpu cpu;
    public final Os os;
    /** The host tuning checklist's findings, in check order. */
    public final List<Check> hostCheck;
    /** The suite's commit (a cell's file). */
    public final String suiteCommit;
    /** Each fork's pinning (a cell's file). */
    public final List<Pinning> pinning;
    /** Each fork's machine load (a cell's file). */
    public final List<MachineLoad> machineLoad;
    /** The top-level fields this type does not know, in the file's order. */
    @Others
    public final JsonObject others;

    public EnvironmentFile(int version, Jdk jdk, String gc, List<String> vmFlags, Cpu cpu, Os os, List<Check> hostCheck,
                           String suiteCommit, List<Pinning> pinning, List<MachineLoad> machineLoad,
                           JsonObject others) {
        this(Integer.valueOf(version), jdk, gc, vmFlags, cpu, os, hostCheck, suiteCommit, pinning, machineLoad,
                others);
    }

    private EnvironmentFile(Integer version, Jdk jdk, String gc, List<String> vmFlags, Cpu cpu, Os os,
                            List<Check> hostCheck, String suiteCommit, List<Pinning> pinning,
                            List<MachineLoad> machineLoad, JsonObject others) {
        this.version = version;
        this.jdk = jdk;
        this.gc = gc;
        this.vmFlags = vmFlags;
        this.cpu = cpu;
        this.os = os;
        this.hostCheck = hostCheck;
        this.suiteCommit = suiteCommit;
        this.pinning = pinning;
        this.machineLoad = machineLoad;
        this.others = others;
    }

    /** The JVM that ran: {@code id} is the suite's name for it, {@code home} its {@code java.home}. */
    public static final class Jdk {
        public final String id;
        public final String vendor;
        public final String version;
        public final String runtimeVersion;
        public final String vmName;
        public final String vmVersion;
        public final String home;
        public final Long maxHeapBytes;
        @Others
        public final JsonObject others;

        public Jdk(String id, String vendor, String version, String runtimeVersion, String vmName, String vmVersion,
                   String home, Long maxHeapBytes, JsonObject others) {
            this.id = id;
            this.vendor = vendor;
            this.version = version;
            this.runtimeVersion = runtimeVersion;
            this.vmName = vmName;
            this.vmVersion = vmVersion;
            this.home = home;
            this.maxHeapBytes = maxHeapBytes;
            this.others = others;
        }

        public static final Jdk EMPTY = new Jdk(null, null, null, null, null, null, null, null, new JsonObject());

        public boolean isEmpty() {
            return id == null && vendor == null && version == null && runtimeVersion == null
                    && vmName == null && vmVersion == null && home == null && maxHeapBytes == null
                    && others.size() == 0;
        }
    }

    /** The CPUs: the CPU lists as {@code CpuList} writes them ({@code 0-15}, {@code none}). */
    public static final class Cpu {
        public final String model;
        public final Integer availableProcessors;
        public final String online;
        public final String affinity;
        public final String allowed;
        public final String isolated;
        public final String nohzFull;
        public final String governor;
        @Others
        public final JsonObject others;

        public Cpu(String model, Integer availableProcessors, String online, String affinity, String allowed,
                   String isolated, String nohzFull, String governor, JsonObject others) {
            this.model = model;
            this.availableProcessors = availableProcessors;
            this.online = online;
            this.affinity = affinity;
            this.allowed = allowed;
            this.isolated = isolated;
            this.nohzFull = nohzFull;
            this.governor = governor;
            this.others = others;
        }

        public static final Cpu EMPTY = new Cpu(null, null, null, null, null, null, null, null, new JsonObject());
    }

    /** The OS: {@code memTotal} as {@code /proc/meminfo} says it ({@code 131981020 kB}). */
    public static final class Os {
        public final String name;
        public final String kernel;
        public final String arch;
        public final String transparentHugePages;
        public final String memTotal;
        public final String host;
        @Others
        public final JsonObject others;

        public Os(String name, String kernel, String arch, String transparentHugePages, String memTotal, String host,
                  JsonObject others) {
            this.name = name;
            this.kernel = kernel;
            this.arch = arch;
            this.transparentHugePages = transparentHugePages;
            this.memTotal = memTotal;
            this.host = host;
            this.others = others;
        }

        public static final Os EMPTY = new Os(null, null, null, null, null, null, new JsonObject());
    }

    /** One host-check finding: {@code status} names a {@link HostCheck.Status}; {@code advice} is null on a pass. */
    public static final class Check {
        public final String id;
        public final String status;
        public final String observed;
        public final String advice;
        @Others
        public final JsonObject others;

        public Check(String id, String status, String observed, String advice, JsonObject others) {
            this.id = id;
            this.status = status;
            this.observed = observed;
            this.advice = advice;
            this.others = others;
        }

        static Check of(HostCheck.Finding f) {
            return new Check(f.id, f.status.name(), f.observed, f.advice.isEmpty() ? null : f.advice,
                    new JsonObject());
        }
    }

    /** One fork's pinning from {@code fork.json}; each role's CPU is the member {@code <role>Cpu}, -1 when refused. */
    public static final class Pinning {
        /** The roles are the workload's, so this type cannot name them as fields. */
        private static final String CPU_SUFFIX = "Cpu";

        public final String requested;
        public final String plan;
        public final String note;
        public final Boolean pinned;
        public final String failure;
        public final String fork;
        /** The members this type does not name, each role's CPU among them. */
        @Others
        public final JsonObject others;

        public Pinning(String requested, String plan, String note, Map<String, Integer> roleCpus, Boolean pinned,
                       String failure, String fork, JsonObject others) {
            this.requested = requested;
            this.plan = plan;
            this.note = note;
            this.pinned = pinned;
            this.failure = failure;
            this.fork = fork;
            JsonObject all = new JsonObject();
            roleCpus.forEach((role, cpu) -> all.addProperty(role + CPU_SUFFIX, cpu));
            others.entrySet().forEach(e -> all.add(e.getKey(), e.getValue()));
            this.others = all;
        }

        /** The CPU each role's thread got, by role, in the file's order (-1 when refused). */
        public Map<String, Integer> roleCpus() {
            Map<String, Integer> roles = new LinkedHashMap<>();
            for (Map.Entry<String, JsonElement> e : others.entrySet()) {
                String name = e.getKey();
                JsonElement v = e.getValue();
                if (name.endsWith(CPU_SUFFIX) && name.length() > CPU_SUFFIX.length() && v.isJsonPrimitive()
                        && v.getAsJsonPrimitive().isNumber()) {
                    roles.put(name.substring(0, name.length() - CPU_SUFFIX.length()), v.getAsInt());
                }
            }
            return roles;
        }

        /** Reads one fork's pinning object ({@code fork.json}'s, or env.json's with its fork). */
        public static Pinning read(JsonObject o) {
            return JsonCodec.fromJson(o, Pinning.class);
        }

        /** This pinning as the cell's env.json and result.json list it: with its fork's folder name. */
        public Pinning ofFork(String forkName) {
            return new Pinning(requested, plan, note, Map.of(), pinned, failure, forkName, others);
        }

        /** The object {@link #read} reads: the named members, then the others (each role's CPU among them). */
        public JsonObject toJson() {
            return JsonCodec.toJsonObject(this);
        }
    }

    /** One fork's machine load over its measured period, in cores ({@link CpuLoadProbe}). */
    public static final class MachineLoad {
        public final Double otherProcessesCores;
        public final Double stealCores;
        public final Double thisProcessCores;
        public final Double childProcessesCores;
        public final Double busyThresholdCores;
        public final Boolean busy;
        public final String fork;
        @Others
        public final JsonObject others;

        public MachineLoad(Double otherProcessesCores, Double stealCores, Double thisProcessCores,
                           Double childProcessesCores, Double busyThresholdCores, Boolean busy, String fork,
                           JsonObject others) {
            this.otherProcessesCores = otherProcessesCores;
            this.stealCores = stealCores;
            this.thisProcessCores = thisProcessCores;
            this.childProcessesCores = childProcessesCores;
            this.busyThresholdCores = busyThresholdCores;
            this.busy = busy;
            this.fork = fork;
            this.others = others;
        }

        /** Reads one fork's machine load object ({@code fork.json}'s, or env.json's with its fork). */
        public static MachineLoad read(JsonObject o) {
            return JsonCodec.fromJson(o, MachineLoad.class);
        }

        /** This load as the cell's env.json and result.json list it: with its fork's folder name. */
        public MachineLoad ofFork(String forkName) {
            return new MachineLoad(otherProcessesCores, stealCores, thisProcessCores, childProcessesCores,
                    busyThresholdCores, busy, forkName, others);
        }

        /** The object {@link #read} reads. */
        public JsonObject toJson() {
            return JsonCodec.toJsonObject(this);
        }
    }

    public Jdk jdkOrEmpty() {
        return jdk == null ? Jdk.EMPTY : jdk;
    }

    public Cpu cpuOrEmpty() {
        return cpu == null ? Cpu.EMPTY : cpu;
    }

    public Os osOrEmpty() {
        return os == null ? Os.EMPTY : os;
    }

    /** The cell's file: this fork's with the suite commit and every fork's pinning and machine load. */
    public EnvironmentFile forCell(String commit, List<Pinning> forksPinning, List<MachineLoad> forksLoad) {
        return new EnvironmentFile(VERSION, jdk, gc, vmFlags, cpu, os, hostCheck, commit, List.copyOf(forksPinning),
                List.copyOf(forksLoad), others);
    }

    public EnvironmentFile withSuiteCommit(String commit) {
        return new EnvironmentFile(version, jdk, gc, vmFlags, cpu, os, hostCheck, commit, pinning, machineLoad,
                others);
    }

    /** The file's layout: 1 for a file from before the member was written. */
    public int version() {
        return version == null ? 1 : version;
    }

    /** Reads what {@link #toJson} wrote, or an env.json from before the version was written. */
    public static EnvironmentFile fromJson(JsonObject o) {
        return JsonCodec.fromJson(o, EnvironmentFile.class);
    }

    /** Reads an env.json; one not as this type writes it throws a {@code DamagedFile} naming the member. */
    public static EnvironmentFile read(Path file) throws IOException {
        return JsonCodec.read(file, EnvironmentFile.class);
    }

    /** The file's JSON: the version first, then the fields in their established order. */
    public JsonObject toJson() {
        return JsonCodec.toJsonObject(this);
    }

    /** Writes the file through a temporary file. */
    public void write(Path file) throws IOException {
        ResultFiles.writeJson(file, toJson());
    }
}

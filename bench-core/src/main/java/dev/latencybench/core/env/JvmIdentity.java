package dev.latencybench.core.env;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Locale;

/** Names the running JVM and collector as result folders do: {@code temurin-25.0.3__zgc}. Immutable. */
public final class JvmIdentity {
    private final String jvm;
    private final String gc;

    public JvmIdentity(String jvm, String gc) {
        this.jvm = jvm;
        this.gc = gc;
    }

    public static JvmIdentity current() {
        String vendor = System.getProperty("java.vendor", "unknown");
        String vmName = System.getProperty("java.vm.name", "");
        String version = System.getProperty("java.version", "unknown");
        List<String> args = ManagementFactory.getRuntimeMXBean().getInputArguments();
        return new JvmIdentity(jvmId(vendor, vmName, version, args), gcId(args));
    }

    /** The collector a JVM chose, from its {@code -XX:+PrintFlagsFinal} output; "unknown" when no flag is true. */
    public static String gcFromFlagsFinal(String flagsFinal) {
        String[][] names = {
            {"UseG1GC", "g1"}, {"UseZGC", "zgc"}, {"UseShenandoahGC", "shenandoah"},
            {"UseParallelGC", "parallel"}, {"UseSerialGC", "serial"}, {"UseEpsilonGC", "epsilon"},
        };
        for (String line : flagsFinal.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 4 && f[0].equals("bool") && f[2].equals("=") && f[3].equals("true")) {
                for (String[] n : names) {
                    if (n[0].equals(f[1])) {
                        return n[1];
                    }
                }
            }
        }
        return "unknown";
    }

    /** {@code temurin-25.0.3}, {@code graalvm-17.0.9}; {@code +graal} for the Graal JIT on JVMCI. */
    public static String jvmId(String vendor, String vmName, String version, List<String> args) {
        String v = vendor.toLowerCase(Locale.ROOT);
        String name;
        if (v.contains("adoptium") || v.contains("temurin")) {
            name = "temurin";
        } else if (vmName.toLowerCase(Locale.ROOT).contains("graalvm") || v.contains("graalvm")) {
            name = "graalvm";
        } else if (v.contains("azul")) {
            name = "zulu";
        } else if (v.contains("amazon")) {
            name = "corretto";
        } else if (v.contains("microsoft")) {
            name = "microsoft";
        } else if (v.contains("bellsoft")) {
            name = "liberica";
        } else if (v.contains("oracle") && !vmName.contains("OpenJDK")) {
            name = "oracle";
        } else {
            name = "openjdk";
        }
        String id = name + "-" + version.replaceAll("[^A-Za-z0-9.+-]", "_");
        if (args.contains("-XX:+UseJVMCICompiler") && !name.equals("graalvm")) {
            id += "+graal";
        }
        return id;
    }

    /** The collector asked for on the command line, else the one the JVM chose (from its MXBeans). */
    static String gcId(List<String> args) {
        String fromFlags = gcFromArgs(args);
        if (fromFlags != null) {
            return fromFlags;
        }
        for (GarbageCollectorMXBean bean : ManagementFactory.getGarbageCollectorMXBeans()) {
            String n = bean.getName();
            if (n.startsWith("G1")) {
                return "g1";
            } else if (n.startsWith("ZGC")) {
                return "zgc";
            } else if (n.startsWith("Shenandoah")) {
                return "shenandoah";
            } else if (n.startsWith("PS ")) {
                return "parallel";
            } else if (n.equals("Copy") || n.equals("MarkSweepCompact")) {
                return "serial";
            }
        }
        return "unknown";
    }

    /** The collector these JVM flags ask for, with {@code -gen} for explicit generational modes; null for none. */
    public static String gcFromArgs(List<String> args) {
        String[][] flags = {
            {"-XX:+UseG1GC", "g1"}, {"-XX:+UseZGC", "zgc"}, {"-XX:+UseShenandoahGC", "shenandoah"},
            {"-XX:+UseParallelGC", "parallel"}, {"-XX:+UseSerialGC", "serial"}, {"-XX:+UseEpsilonGC", "epsilon"},
        };
        String gc = null;
        for (String arg : args) {
            for (String[] f : flags) {
                if (f[0].equals(arg)) {
                    gc = f[1];
                }
            }
        }
        if ("zgc".equals(gc) && args.contains("-XX:+ZGenerational")) {
            return "zgc-gen";
        }
        if ("shenandoah".equals(gc) && args.contains("-XX:ShenandoahGCMode=generational")) {
            return "shenandoah-gen";
        }
        return gc;
    }

    /** The same collector under another JVM name (one the runner gave it); this one when {@code name} is empty. */
    public JvmIdentity named(String name) {
        return name == null || name.isEmpty() ? this : new JvmIdentity(name, gc);
    }

    public String jvm() {
        return jvm;
    }

    public String gc() {
        return gc;
    }

    /** The folder name of a result cell: {@code <jvm>__<gc>}. */
    public String cellName() {
        return jvm + "__" + gc;
    }
}

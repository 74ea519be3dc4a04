package dev.latencybench.runner.jvm;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The JVMs a matrix can use: every discovered java binary that starts, under its name, plus a {@code +graal}
 * variant where the Graal JIT runs; resolves the names the user asked for.
 */
public final class JvmCatalog {
    /** A discovered JVM that does not start, and why: listed by {@code jvms}, never run. */
    public static final class Broken {
        public final Path java;
        public final String source;
        public final String reason;

        Broken(Path java, String source, String reason) {
            this.java = java;
            this.source = source;
            this.reason = reason;
        }
    }

    private final Map<String, Jvm> plain = new LinkedHashMap<>();
    private final Map<String, Jvm> graal = new LinkedHashMap<>();
    private final List<Broken> broken = new ArrayList<>();
    private String own;

    /** Probes every candidate (through the cache) and names them. */
    public static JvmCatalog build(List<JvmDiscovery.Candidate> candidates, JvmProber prober, GraalJit graalJit,
                                   Path ownJava, boolean refresh) {
        JvmCatalog c = new JvmCatalog();
        String ownReal = realPath(ownJava);
        for (JvmDiscovery.Candidate cand : candidates) {
            JvmInfo info = prober.probe(cand.java, refresh);
            if (!info.usable()) {
                if (cand.name != null) {
                    throw new IllegalArgumentException("--jvm " + cand.name + "=" + cand.java + ": " + info.error());
                }
                c.broken.add(new Broken(cand.java, cand.source, info.error()));
                continue;
            }
            String name = cand.name != null ? cand.name : info.id();
            Jvm taken = c.plain.get(name);
            if (taken != null && (cand.name != null || taken.source().equals(JvmDiscovery.EXPLICIT))) {
                // a --jvm name that is also another JVM's name would rename one of them
                Path named = cand.name != null ? cand.java : taken.java();
                Path other = cand.name != null ? taken.java() : cand.java;
                throw new IllegalArgumentException("--jvm " + name + "=" + named + ": '" + name + "' is already the"
                        + " name of " + other + "; give " + named + " a name of its own");
            }
            if (taken != null) {
                name = name + "-" + (c.plain.size() + 1); // two installs of the same build: keep both apart
            }
            Jvm jvm = new Jvm(name, cand.java, List.of(), info, cand.source);
            c.plain.put(name, jvm);
            if (c.own == null && ownReal != null && ownReal.equals(realPath(cand.java))) {
                c.own = name;
            }
            if (info.graalProblem() == null && info.graalVersion() != null) {
                List<Path> jars = graalJit.jars(info.graalVersion());
                if (!jars.isEmpty()) {
                    c.graal.put(name + "+graal", new Jvm(name + "+graal", cand.java, GraalJit.flags(jars), info,
                            cand.source));
                }
            }
        }
        prober.save();
        return c;
    }

    private static String realPath(Path p) {
        try {
            return p == null ? null : p.toRealPath().toString();
        } catch (java.io.IOException e) {
            return null;
        }
    }

    public List<Jvm> plain() {
        return new ArrayList<>(plain.values());
    }

    public List<Broken> broken() {
        return broken;
    }

    /** Every name that {@link #resolve} accepts as is. */
    public List<String> names() {
        List<String> names = new ArrayList<>(plain.keySet());
        names.addAll(graal.keySet());
        return names;
    }

    /**
     * @param asked {@code current}, {@code all}, an exact name, or a short form matching one JVM ({@code 17},
     *              {@code temurin-25}); each may end in {@code +graal}
     */
    public List<Jvm> resolve(List<String> asked) {
        List<Jvm> out = new ArrayList<>();
        for (String a : asked) {
            String name = a.trim();
            if (name.isEmpty()) {
                continue;
            }
            if (name.equals("all")) {
                plain.values().forEach(j -> addOnce(out, j));
                graal.values().forEach(j -> addOnce(out, j));
                continue;
            }
            addOnce(out, resolveOne(name));
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("no JVM asked for; name one of: " + String.join(", ", names()));
        }
        return out;
    }

    private Jvm resolveOne(String name) {
        boolean wantGraal = name.endsWith("+graal");
        String base = wantGraal ? name.substring(0, name.length() - "+graal".length()) : name;
        Jvm basic;
        if (base.equals("current")) {
            if (own == null) {
                throw new IllegalArgumentException("the JVM running the runner was not found among: " + names());
            }
            basic = plain.get(own);
        } else if (plain.containsKey(base)) {
            basic = plain.get(base);
        } else {
            List<Jvm> matches = new ArrayList<>();
            for (Jvm j : plain.values()) {
                if (shortFormMatches(base, j)) {
                    matches.add(j);
                }
            }
            if (matches.size() != 1) {
                List<String> names = new ArrayList<>();
                matches.forEach(j -> names.add(j.name()));
                throw new IllegalArgumentException("JVM '" + name + "' " + (matches.isEmpty() ? "is not installed"
                        + " or not found" : "is ambiguous: it matches " + String.join(", ", names))
                        + "; known JVMs: " + String.join(", ", names()) + " (see 'bench jvms'; add one with"
                        + " --jvm NAME=/path/to/jdk)");
            }
            basic = matches.get(0);
        }
        if (!wantGraal) {
            return basic;
        }
        Jvm g = graal.get(basic.name() + "+graal");
        if (g == null) {
            String why = basic.info().graalProblem();
            throw new IllegalArgumentException("JVM '" + name + "': the GraalVM JIT does not run on " + basic.name()
                    + ": " + (why != null ? why : "its compiler jars are missing"));
        }
        return g;
    }

    private static boolean shortFormMatches(String form, Jvm j) {
        String f = form.toLowerCase(Locale.ROOT);
        if (f.matches("\\d+")) {
            return Integer.parseInt(f) == j.info().feature();
        }
        String n = j.name().toLowerCase(Locale.ROOT);
        return n.startsWith(f) && (n.length() == f.length() || !Character.isDigit(n.charAt(f.length())));
    }

    private static void addOnce(List<Jvm> out, Jvm j) {
        for (Jvm o : out) {
            if (o.name().equals(j.name())) {
                return;
            }
        }
        out.add(j);
    }
}

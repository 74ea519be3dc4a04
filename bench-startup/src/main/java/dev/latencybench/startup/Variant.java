package dev.latencybench.startup;

import java.util.List;

/** One variant of the study, named {@code <service>-<mode>}, e.g. {@code minimal-cds}. Immutable. */
record Variant(String service, StartMode mode) {
    /** The floor: a process that only opens the port and answers, with no work per request. */
    static final String RESPONDER = "responder";
    /** The JDK's own HTTP server, the small JSON endpoint. */
    static final String MINIMAL = "minimal";
    /** The same endpoint on Micronaut (Netty): a framework users deploy, and compile to native images. */
    static final String MICRONAUT = "micronaut";
    /** The service kinds a user picks from (the responder is the floor, switched by its own property). */
    static final List<String> SERVICES = List.of(MINIMAL, MICRONAUT);

    /** Parses {@code <service>-<mode>}; throws IllegalArgumentException naming what is allowed. */
    static Variant parse(String name) {
        int dash = name.lastIndexOf('-');
        String service = dash < 0 ? name : name.substring(0, dash);
        if (dash < 0 || !(service.equals(RESPONDER) || SERVICES.contains(service))) {
            throw new IllegalArgumentException("unknown variant '" + name + "'; expected <service>-<mode> with a"
                    + " service of " + RESPONDER + ", " + String.join(", ", SERVICES) + " and a mode of "
                    + String.join(", ", StartMode.ids()));
        }
        return new Variant(service, StartMode.of(name.substring(dash + 1)));
    }

    String id() {
        return service + "-" + mode.id();
    }

    @Override
    public String toString() {
        return id();
    }
}

package dev.latencybench.core.study;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.ServiceLoader;

/** The studies on the class path, found through {@link ServiceLoader}. Stateless. */
public final class Studies {
    private Studies() {
    }

    /** Every study on the class path this JVM can load, in order; one compiled for a newer Java is left out. */
    public static List<Study> onClassPath() {
        return onClassPath(Thread.currentThread().getContextClassLoader());
    }

    /** The same, from {@code loader}'s class path. */
    public static List<Study> onClassPath(ClassLoader loader) {
        List<Study> all = new ArrayList<>();
        Iterator<Study> providers = ServiceLoader.load(Study.class, loader).iterator();
        while (true) {
            try {
                if (!providers.hasNext()) {
                    return all;
                }
                all.add(providers.next());
            } catch (UnsupportedClassVersionError e) {
                // a study for a newer Java: the loader goes on to the next provider
            }
        }
    }
}

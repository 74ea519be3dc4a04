package dev.latencybench.core.study;

import java.io.BufferedReader;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;

/** Which Java a study needs, read from its own class file, so it cannot disagree with the build. Stateless. */
public final class JavaNeeded {
    /** Class-file major version less the Java feature version (55 is 11, 61 is 17). */
    private static final int MAJOR_OF_JAVA_0 = 44;
    private static final int CLASS_FILE_MAGIC = 0xCAFEBABE;
    private static final String STUDIES = "META-INF/services/" + Study.class.getName();

    private JavaNeeded() {
    }

    /** The feature version of the JVM running this: 11, 17, 25. */
    public static int runningFeature() {
        return Runtime.version().feature();
    }

    /** The lowest Java feature version that loads {@code type}: its class file's; 0 when it cannot be read. */
    public static int of(Class<?> type) {
        ClassLoader loader = type.getClassLoader() != null ? type.getClassLoader() : ClassLoader.getSystemClassLoader();
        return of(loader, type.getName());
    }

    /** The same for a class not loaded (it may not load on this JVM): read from {@code loader}'s resources. */
    public static int of(ClassLoader loader, String className) {
        try (InputStream in = loader.getResourceAsStream(className.replace('.', '/') + ".class")) {
            if (in == null) {
                return 0;
            }
            DataInputStream data = new DataInputStream(in);
            if (data.readInt() != CLASS_FILE_MAGIC) {
                return 0;
            }
            data.readUnsignedShort(); // minor version
            return data.readUnsignedShort() - MAJOR_OF_JAVA_0;
        } catch (IOException e) {
            return 0;
        }
    }

    /** Why a study on {@code loader}'s class path cannot load on this JVM; null when all can. */
    public static String tooNewStudy(ClassLoader loader) {
        int running = runningFeature();
        for (String provider : studyClasses(loader)) {
            int needed = of(loader, provider);
            if (needed > running) {
                return "this jar's study (" + provider + ") " + needs(needed, running, System.getProperty("java.home"))
                        + "; start the jar with the java of a JDK " + needed + " or newer";
            }
        }
        return null;
    }

    /** {@code needs Java 17 or newer; this JVM (/usr/lib/jvm/x) is Java 11}: the words every check uses. */
    public static String needs(int needed, int actual, String jvm) {
        return "needs Java " + needed + " or newer; this JVM (" + jvm + ") is Java " + actual;
    }

    /** The study classes that {@code META-INF/services} lists on {@code loader}'s class path, in order. */
    private static List<String> studyClasses(ClassLoader loader) {
        List<String> names = new ArrayList<>();
        try {
            Enumeration<URL> files = loader.getResources(STUDIES);
            while (files.hasMoreElements()) {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(files.nextElement().openStream(),
                        StandardCharsets.UTF_8))) {
                    String line;
                    while ((line = r.readLine()) != null) {
                        String name = line.replaceAll("#.*", "").trim();
                        if (!name.isEmpty() && !names.contains(name)) {
                            names.add(name);
                        }
                    }
                }
            }
        } catch (IOException e) {
            return names; // as if none: loading them then says what is wrong
        }
        return names;
    }
}

package dev.latencybench.task;

import java.lang.reflect.Constructor;
import java.lang.reflect.Modifier;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import dev.latencybench.api.LatencyTask;
import dev.latencybench.core.config.ConfigException;
import dev.latencybench.core.result.FileNames;

/**
 * The user's task classes and their jars, loaded through a class loader whose parent has {@code bench-api};
 * a task runs as a variant named by its simple class name ({@link #variantOf}). Immutable.
 */
public final class TaskClasses {
    private static final Pattern CLASS_NAME = Pattern.compile("[\\p{L}_$][\\p{L}\\p{N}_$]*(\\.[\\p{L}_$][\\p{L}\\p{N}_$]*)*");

    /** Variant name to fully qualified class name, in the order given. */
    private final Map<String, String> byVariant;
    private final List<Path> jars;

    private TaskClasses(Map<String, String> byVariant, List<Path> jars) {
        this.byVariant = byVariant;
        this.jars = jars;
    }

    /** The longest variant name: it names the task's folder and goes into other file names. */
    static final int MAX_VARIANT_CHARS = 64;
    /** Hex digits of the class name's hash a variant ends with when its simple name cannot be a folder name. */
    private static final int VARIANT_HASH_HEX = 10;
    private static final Pattern FOLDER_NAME = Pattern.compile("[A-Za-z0-9._-]+");

    /**
     * The variant a task class runs as: its simple name when that is a folder name of at most
     * {@link #MAX_VARIANT_CHARS}; else its safe characters shortened plus '-' and a hash of the whole class name,
     * so the same class always gets the same variant and two shortened names do not collide.
     */
    static String variantOf(String className) {
        String simple = className.substring(className.lastIndexOf('.') + 1);
        String nested = simple.substring(simple.lastIndexOf('$') + 1);
        String name = nested.isEmpty() ? simple : nested;
        if (FOLDER_NAME.matcher(name).matches() && name.length() <= MAX_VARIANT_CHARS) {
            return name;
        }
        String safe = name.replaceAll("[^A-Za-z0-9._-]+", "_");
        if (safe.replace("_", "").isEmpty()) {
            safe = "task";
        }
        int room = MAX_VARIANT_CHARS - 1 - VARIANT_HASH_HEX;
        if (safe.length() > room) {
            safe = safe.substring(0, room);
        }
        return safe + "-" + FileNames.hashHex(className, VARIANT_HASH_HEX);
    }

    /**
     * Parses comma-separated class names and ':'-separated jars or class folders.
     * @throws ConfigException for a bad or repeated name, two classes of one simple name, or a missing jar
     */
    public static TaskClasses parse(String classes, String jars) {
        Map<String, String> byVariant = new LinkedHashMap<>();
        for (String s : classes.split(",")) {
            String name = s.trim();
            if (name.isEmpty()) {
                continue;
            }
            if (!CLASS_NAME.matcher(name).matches()) {
                throw ConfigException.invalid(TaskConfig.CLASSES, classes, "'" + name + "' is not a class name;"
                        + " expected fully qualified names such as com.example.HandoffTask, comma-separated");
            }
            String variant = variantOf(name);
            if (variant.equals(TaskConfig.FLOOR)) {
                throw ConfigException.invalid(TaskConfig.CLASSES, classes, "a task may not be named '"
                        + TaskConfig.FLOOR + "', the harness's own floor; rename the class");
            }
            String earlier = byVariant.put(variant, name);
            if (earlier != null) {
                throw ConfigException.invalid(TaskConfig.CLASSES, classes, earlier.equals(name)
                        ? name + " is named twice"
                        : earlier + " and " + name + " have one simple name, which names their results; rename one");
            }
        }
        List<Path> paths = new ArrayList<>();
        for (String s : jars.split(":")) {
            String jar = s.trim();
            if (jar.isEmpty()) {
                continue;
            }
            Path path = Paths.get(jar).toAbsolutePath().normalize();
            if (!Files.isReadable(path)) {
                throw ConfigException.invalid(TaskConfig.JARS, jars, path + (Files.exists(path) ? " cannot be read"
                        : " does not exist") + "; expected the jar(s) of your task classes, ':'-separated");
            }
            if (!Files.isRegularFile(path) && !Files.isDirectory(path)) { // a FIFO would block whoever opens it
                throw ConfigException.invalid(TaskConfig.JARS, jars, path + " is neither a file nor a folder (a pipe,"
                        + " a device or a socket); expected the jar(s) of your task classes, or folders of their class"
                        + " files, ':'-separated");
            }
            if (Files.isRegularFile(path) && !isZip(path)) {
                throw ConfigException.invalid(TaskConfig.JARS, jars, path + " is not a jar (a jar is a zip archive,"
                        + " and this file does not start as one); expected the jar(s) of your task classes, or folders"
                        + " of their class files, ':'-separated");
            }
            paths.add(path);
        }
        if (!byVariant.isEmpty() && paths.isEmpty() && !onClassPath(byVariant.values())) {
            throw ConfigException.invalid(TaskConfig.JARS, jars, "no jar given for " + String.join(", ",
                    byVariant.values()) + "; name the jar they are in (scripts/bench run --task-jar my.jar)");
        }
        return new TaskClasses(Collections.unmodifiableMap(byVariant), Collections.unmodifiableList(paths));
    }

    /** Whether a file starts as a zip archive (a jar) does: {@code PK\3\4}, or {@code PK\5\6} for an empty one. */
    private static boolean isZip(Path file) {
        byte[] head = new byte[4];
        try (java.io.InputStream in = Files.newInputStream(file)) {
            int n = in.readNBytes(head, 0, head.length);
            return n == head.length && head[0] == 'P' && head[1] == 'K' && (head[2] == 3 && head[3] == 4
                    || head[2] == 5 && head[3] == 6);
        } catch (java.io.IOException e) {
            return false;
        }
    }

    /** True when every class is on the class path already (a study jar that carries its tasks, a test). */
    private static boolean onClassPath(Iterable<String> names) {
        for (String name : names) {
            if (TaskClasses.class.getClassLoader().getResource(name.replace('.', '/') + ".class") == null) {
                return false;
            }
        }
        return true;
    }

    public List<String> variants() {
        return new ArrayList<>(byVariant.keySet());
    }

    public String className(String variant) {
        String name = byVariant.get(variant);
        if (name == null) {
            throw new IllegalArgumentException("no task '" + variant + "'; the tasks: " + byVariant.keySet());
        }
        return name;
    }

    public List<Path> jars() {
        return jars;
    }

    /** A new class loader over the jars, whose parent has bench-api and the suite. */
    public ClassLoader loader() {
        if (jars.isEmpty()) {
            return TaskClasses.class.getClassLoader();
        }
        URL[] urls = new URL[jars.size()];
        for (int i = 0; i < urls.length; i++) {
            try {
                urls[i] = jars.get(i).toUri().toURL();
            } catch (MalformedURLException e) {
                throw new IllegalStateException(e);
            }
        }
        return new URLClassLoader("tasks", urls, TaskClasses.class.getClassLoader());
    }

    /** Closes a loader {@link #loader} made (its jar files); the class path's own is left alone. */
    static void close(ClassLoader loader) {
        if (loader instanceof URLClassLoader) {
            try {
                ((URLClassLoader) loader).close();
            } catch (java.io.IOException e) {
                // only open jar files to release; nothing was written
            }
        }
    }

    /**
     * The checked task class of a variant from {@code loader}: a concrete public {@link LatencyTask} with a public
     * no-argument constructor.
     * @throws ConfigException naming {@value TaskConfig#CLASSES} and what is wrong
     */
    public Constructor<? extends LatencyTask> load(String variant, ClassLoader loader) {
        String name = className(variant);
        Class<?> type;
        try {
            type = Class.forName(name, false, loader);
        } catch (ClassNotFoundException e) {
            throw problem(name, "there is no class " + name + " in " + where());
        } catch (LinkageError e) { // compiled for a newer Java, or a library missing from the jars
            throw problem(name, name + " cannot be loaded: " + e);
        }
        if (!LatencyTask.class.isAssignableFrom(type)) {
            throw problem(name, name + " does not implement " + LatencyTask.class.getName());
        }
        if (type.isInterface() || Modifier.isAbstract(type.getModifiers())) {
            throw problem(name, name + " is " + (type.isInterface() ? "an interface" : "abstract")
                    + "; name a concrete class");
        }
        if (!Modifier.isPublic(type.getModifiers()) || type.getEnclosingClass() != null
                && !Modifier.isStatic(type.getModifiers())) {
            throw problem(name, name + " is not a public top-level or static nested class");
        }
        try {
            Constructor<? extends LatencyTask> c = type.asSubclass(LatencyTask.class).getConstructor();
            return c;
        } catch (NoSuchMethodException e) {
            throw problem(name, name + " has no public constructor without arguments");
        }
    }

    /** A new instance of a variant's task ({@link TaskConfig#FLOOR} is the harness's own). */
    public LatencyTask newTask(String variant, ClassLoader loader) {
        if (TaskConfig.FLOOR.equals(variant)) {
            return new FloorTask();
        }
        Constructor<? extends LatencyTask> c = load(variant, loader);
        try {
            return c.newInstance();
        } catch (ReflectiveOperationException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw problem(className(variant), "the constructor of " + className(variant) + " threw " + cause);
        } catch (ExceptionInInitializerError e) { // the class is initialized when first made
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw problem(className(variant), "the static initializer of " + className(variant) + " threw " + cause);
        } catch (LinkageError e) { // a class it needs is missing from the jars, or too new for this JVM
            throw problem(className(variant), className(variant) + " cannot be made: " + e);
        }
    }

    private String where() {
        return jars.isEmpty() ? "the class path" : "the jar(s) " + jars;
    }

    private ConfigException problem(String name, String what) {
        return ConfigException.invalid(TaskConfig.CLASSES, name, what);
    }

}

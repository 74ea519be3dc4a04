package dev.latencybench.kafka;

import dev.latencybench.core.os.ParentWatch;
import java.lang.reflect.InvocationTargetException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;

/**
 * The main class of the broker JVM: holds the folder's lock and watches its parent, so the broker ends when a killed
 * benchmark JVM cannot stop it, then runs {@code kafka.Kafka}. Only JDK classes and reflection: it runs copied into
 * the broker's folder, and the study's class path has no broker.
 */
public final class BrokerMain {
    /** The folder's lock, held (shared with the starter) for as long as this JVM lives. */
    @SuppressWarnings("unused")
    private static FileLock folderLock;

    private BrokerMain() {
    }

    /** Arguments: the folder's lock file, then the broker's {@code server.properties}. */
    public static void main(String[] args) throws Throwable {
        if (args.length != 2) {
            System.err.println("usage: BrokerMain LOCK_FILE SERVER_PROPERTIES");
            System.exit(2);
        }
        FileChannel channel = FileChannel.open(Paths.get(args[0]), StandardOpenOption.READ);
        folderLock = channel.lock(0, Long.MAX_VALUE, true);
        ParentWatch.start("the benchmark JVM that started this Kafka broker", 0, System.err);
        try {
            Class.forName("kafka.Kafka").getMethod("main", String[].class).invoke(null, (Object) new String[] {args[1]});
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}

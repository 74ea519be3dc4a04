package dev.latencybench.kafka;

import static dev.latencybench.kafka.KafkaBroker.FOLDER_PREFIX;
import static dev.latencybench.kafka.KafkaBroker.LOCK_FILE;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import dev.latencybench.core.result.OwnedFolder;

/** Sweeps the {@link KafkaBroker} folders a killed benchmark JVM left behind. Stateless. */
public final class StaleBrokerFolders {
    private StaleBrokerFolders() {
    }

    /**
     * Removes broker folders whose lock file no process holds; never this JVM's, as reopening its lock would drop it.
     * @return one line per folder removed, for the console
     */
    public static List<String> remove(Path parent) {
        String mine = FOLDER_PREFIX + ProcessHandle.current().pid() + "-";
        List<Path> candidates;
        try (Stream<Path> s = Files.list(parent)) {
            candidates = s.filter(p -> {
                String n = p.getFileName().toString();
                return n.startsWith(FOLDER_PREFIX) && !n.startsWith(mine) && Files.isRegularFile(p.resolve(LOCK_FILE));
            }).collect(Collectors.toList());
        } catch (IOException | UncheckedIOException e) {
            return List.of(); // a folder we cannot list is not ours to clean
        }
        List<String> removed = new ArrayList<>();
        for (Path folder : candidates) {
            try (FileChannel ch = FileChannel.open(folder.resolve(LOCK_FILE), StandardOpenOption.WRITE)) {
                FileLock l = ch.tryLock();
                if (l == null) {
                    continue; // a live broker or starter holds it
                }
                OwnedFolder.deleteTree(folder);
                removed.add("removed " + folder + ", the folder of a Kafka broker whose benchmark JVM was killed");
            } catch (IOException | OverlappingFileLockException | UncheckedIOException e) {
                // in use, or someone else's: leave it
            }
        }
        return removed;
    }
}

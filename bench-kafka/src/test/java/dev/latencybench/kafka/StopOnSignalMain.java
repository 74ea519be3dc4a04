package dev.latencybench.kafka;

/**
 * Starts a process that ignores SIGTERM (as a broker deep in its own shutdown does), has a shutdown hook stop it as
 * {@link KafkaBroker#close} stops a broker, prints {@code ready <pid>}, and waits to be signalled.
 */
public final class StopOnSignalMain {
    private StopOnSignalMain() {
    }

    public static void main(String[] args) throws Exception {
        Process p = new ProcessBuilder("bash", "-c", "trap '' TERM; exec sleep 60").start();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> KafkaBroker.stop(p, KafkaBroker.stopGraceNs())));
        System.out.println("ready " + p.pid());
        Thread.sleep(60_000);
    }
}

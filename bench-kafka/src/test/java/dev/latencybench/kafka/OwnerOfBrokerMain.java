package dev.latencybench.kafka;

import java.nio.file.Paths;

/**
 * A stand-in benchmark JVM for {@link KafkaBrokerIT}: starts a broker, prints its pid and folder,
 * and waits to be killed, so the test can check that the broker does not outlive it.
 */
public final class OwnerOfBrokerMain {
    private OwnerOfBrokerMain() {
    }

    /** Arguments: the broker's jars, the folder parent. */
    public static void main(String[] args) throws InterruptedException {
        KafkaBroker broker = KafkaBroker.start(BrokerSettings.defaults().withJars(Paths.get(args[0]))
                .withFolderParent(Paths.get(args[1])).withHeap("256m"));
        System.out.println("broker " + broker.pid() + " " + broker.folder());
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}

package dev.latencybench.startup.micronaut;

import io.micronaut.runtime.Micronaut;

import dev.latencybench.startup.service.StdinWatch;

/**
 * Starts the {@code micronaut} service on 127.0.0.1:
 * <pre>
 *   java -jar startup-micronaut.jar micronaut PORT
 * </pre>
 * The same command line as the other service kinds; like them it ends when its standard input closes.
 */
public final class MicronautMain {
    private MicronautMain() {
    }

    public static void main(String[] args) {
        if (args.length != 2 || !args[0].equals("micronaut") || !args[1].matches("[0-9]{1,5}")) {
            System.err.println("usage: startup-micronaut micronaut PORT   (binds 127.0.0.1:PORT; ends when its"
                    + " standard input closes)");
            System.exit(2);
        }
        Micronaut.build(new String[0])
                .mainClass(MicronautMain.class)
                .properties(java.util.Map.of("micronaut.server.host", "127.0.0.1", "micronaut.server.port", args[1],
                        "micronaut.application.name", "startup-micronaut"))
                .banner(false)
                .start();
        StdinWatch.exitWhenClosed();
    }
}

package dev.latencybench.startup.service;

import java.io.IOException;

/**
 * Starts one of the services the start-up study measures, bound to 127.0.0.1:
 * <pre>
 *   java -jar startup-service.jar minimal   PORT    the JDK's own HTTP server, GET /hello -> small JSON
 *   java -jar startup-service.jar responder PORT    a raw socket that answers every request with one fixed 200
 * </pre>
 * The process ends when its standard input closes: the study keeps a pipe to it, so a benchmark JVM
 * that dies (even by SIGKILL) takes its services with it, and a training run for a CDS archive or an
 * AOT cache ends with a normal exit, which is when the JVM writes them. SIGTERM stops it too.
 */
public final class ServiceMain {
    /** Exit status for a wrong command line. */
    static final int USAGE = 2;

    private ServiceMain() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2 || !(args[0].equals("minimal") || args[0].equals("responder"))) {
            System.err.println("usage: startup-service (minimal|responder) PORT   (binds 127.0.0.1:PORT; ends when"
                    + " its standard input closes)");
            System.exit(USAGE);
        }
        int port;
        try {
            port = Integer.parseInt(args[1]);
        } catch (NumberFormatException e) {
            port = -1;
        }
        if (port < 1 || port > 65_535) {
            System.err.println("startup-service: PORT must be 1 to 65535, got '" + args[1] + "'");
            System.exit(USAGE);
        }
        if (args[0].equals("minimal")) {
            MinimalService.start(port);
        } else {
            Responder.start(port);
        }
        System.out.println("startup-service: " + args[0] + " listening on 127.0.0.1:" + port);
        StdinWatch.exitWhenClosed();
    }
}

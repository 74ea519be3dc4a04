package dev.latencybench.startup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.latencybench.core.time.Clock;
import dev.latencybench.core.time.SystemClock;

class ServiceProcessTest {
    private static final Path JAR = Path.of("target", "startup-service", ServiceJar.FILE);

    @TempDir
    Path tmp;

    @AfterEach
    void nothingLeft() {
        assertEquals(0, ServiceProcess.live(), "every service process reaped");
    }

    /** A clock that returns the times given, in order. */
    private static final class ScriptedClock implements Clock {
        final Deque<Long> times = new ArrayDeque<>();

        ScriptedClock(long... t) {
            for (long v : t) {
                times.add(v);
            }
        }

        @Override
        public long nanoTime() {
            return times.size() > 1 ? times.poll() : times.peek();
        }

        @Override
        public void sleepNanos(long ns) {
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** Answers one connection with a 200, on a thread of its own; returns the port. */
    private static ServerSocket answerOnce() throws IOException {
        ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        Thread t = new Thread(() -> {
            try (Socket s = server.accept(); OutputStream out = s.getOutputStream()) {
                s.getInputStream().read(new byte[1024]);
                out.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}".getBytes(StandardCharsets.US_ASCII));
            } catch (IOException e) {
                // the test fails on its own
            }
        });
        t.setDaemon(true);
        t.start();
        return server;
    }

    @Test
    void timeToFirstResponseRunsFromJustBeforeTheStartToTheFirst200() throws IOException {
        try (ServerSocket server = answerOnce();
             ServiceProcess p = ServiceProcess.start("sleeper", List.of("sleep", "30"), tmp.resolve("out.log"),
                     new ScriptedClock(1_000, 1_000 + 123_456))) {
            assertEquals(123_456, p.awaitFirstOk(server.getLocalPort(), TimeUnit.SECONDS.toNanos(5), () -> false));
        }
    }

    @Test
    void aServiceThatNeverAnswersFailsAfterTheTimeOutWithItsLastLines() throws IOException {
        int port = freePort();
        ServiceProcess p = ServiceProcess.start("silent", List.of("sh", "-c", "echo starting up; exec sleep 30"),
                tmp.resolve("out.log"), SystemClock.INSTANCE);
        try {
            ServiceProcess.ServiceFailure f = assertThrows(ServiceProcess.ServiceFailure.class,
                    () -> p.awaitFirstOk(port, TimeUnit.MILLISECONDS.toNanos(300), () -> false));
            assertEquals("silent (pid " + p.pid() + ") did not answer 200 at 127.0.0.1:" + port + "/hello within 300ms"
                    + " (bench.startup.timeout); the last probe saw connection refused (nothing listens yet); last"
                    + " lines of its output:\n    starting up", f.getMessage());
        } finally {
            p.close();
        }
        assertFalse(p.isAlive());
    }

    @Test
    void aServiceThatCrashesFailsWithItsExitStatus() throws IOException {
        int port = freePort();
        try (ServiceProcess p = ServiceProcess.start("crasher", List.of("sh", "-c", "echo boom >&2; exit 3"),
                tmp.resolve("out.log"), SystemClock.INSTANCE)) {
            ServiceProcess.ServiceFailure f = assertThrows(ServiceProcess.ServiceFailure.class,
                    () -> p.awaitFirstOk(port, TimeUnit.SECONDS.toNanos(10), () -> false));
            assertEquals("crasher (pid " + p.pid() + ") exited with status 3 before it answered; last lines of its"
                    + " output:\n    boom", f.getMessage());
        }
    }

    @Test
    void aTakenPortIsNamed() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();
            List<String> cmd = new ServiceCommand(Path.of(System.getProperty("java.home"), "bin", "java"), List.of(),
                    JAR, "minimal").onJvm(List.of(), port);
            try (ServiceProcess p = ServiceProcess.start("minimal-jvm", cmd, tmp.resolve("out.log"),
                    SystemClock.INSTANCE)) {
                ServiceProcess.ServiceFailure f = assertThrows(ServiceProcess.ServiceFailure.class,
                        () -> p.awaitFirstOk(port, TimeUnit.SECONDS.toNanos(30), () -> false));
                assertTrue(f.getMessage().startsWith("minimal-jvm (pid " + p.pid() + ") exited with status 1 before it"
                        + " answered because 127.0.0.1:" + port + " is taken; last lines of its output:"),
                        f.getMessage());
            }
        }
    }

    @Test
    void aStopRequestEndsTheWait() throws IOException {
        int port = freePort();
        try (ServiceProcess p = ServiceProcess.start("sleeper", List.of("sleep", "30"), tmp.resolve("out.log"),
                SystemClock.INSTANCE)) {
            ServiceProcess.ServiceFailure f = assertThrows(ServiceProcess.ServiceFailure.class,
                    () -> p.awaitFirstOk(port, TimeUnit.SECONDS.toNanos(30), () -> true));
            assertEquals("sleeper was stopped before it answered", f.getMessage());
        }
    }

    @Test
    void closeKillsAServiceThatIgnoresSigterm() throws Exception {
        ServiceProcess p = ServiceProcess.start("stubborn", List.of("sh", "-c", "trap '' TERM; echo ready; while :;"
                + " do sleep 1; done"), tmp.resolve("out.log"), SystemClock.INSTANCE);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!p.tail().contains("ready") && System.nanoTime() < deadline) {
            Thread.sleep(20); // the trap is set once it printed
        }
        long t0 = System.nanoTime();
        p.close();
        long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        assertFalse(p.isAlive());
        assertTrue(tookMs >= TimeUnit.NANOSECONDS.toMillis(ServiceProcess.STOP_TIMEOUT_NS) - 100,
                "SIGTERM first, SIGKILL after the stop time-out: " + tookMs + " ms");
    }

    @Test
    void theServiceEndsWhenItsInputCloses() throws IOException {
        int port = freePort();
        List<String> cmd = new ServiceCommand(Path.of(System.getProperty("java.home"), "bin", "java"), List.of(), JAR,
                "responder").onJvm(List.of(), port);
        try (ServiceProcess p = ServiceProcess.start("responder-jvm", cmd, tmp.resolve("out.log"),
                SystemClock.INSTANCE)) {
            assertTrue(p.awaitFirstOk(port, TimeUnit.SECONDS.toNanos(30), () -> false) > 0);
            assertEquals(0, p.endInput(TimeUnit.SECONDS.toNanos(10)), "a normal exit: what writes a CDS archive");
        }
    }
}

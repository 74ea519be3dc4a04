package dev.latencybench.startup.service;

import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

/**
 * The small, fixed amount of work every service kind does per request, so that the kinds differ only
 * in what serves it: a greeting for the name asked (or {@code world}), its length and a CRC-32 of it,
 * as a JSON object of about 60 bytes. Stateless.
 */
public final class Greeting {
    private Greeting() {
    }

    /** The body for {@code GET /hello?name=...}; {@code query} may be null. */
    public static byte[] json(String query) {
        String name = "world";
        if (query != null && query.startsWith("name=") && query.length() > 5 && query.length() <= 69) {
            name = query.substring(5).replaceAll("[^A-Za-z0-9_-]", "");
        }
        String message = "Hello, " + name + "!";
        CRC32 crc = new CRC32();
        crc.update(message.getBytes(StandardCharsets.UTF_8));
        return ("{\"message\":\"" + message + "\",\"length\":" + message.length() + ",\"crc32\":" + crc.getValue()
                + "}").getBytes(StandardCharsets.UTF_8);
    }
}

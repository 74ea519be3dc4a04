package dev.latencybench.core.result;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * File and folder names made from what a user typed, kept to {@link #MAX_BYTES} bytes of UTF-8 so a temporary name
 * made from one still fits in 255 bytes. A longer name keeps its beginning and ends with a hash of the whole, so it
 * shortens the same way every time and names alike in their beginnings stay apart. Stateless.
 */
public final class FileNames {
    /** The most bytes of a name made here, its suffix included. */
    public static final int MAX_BYTES = 200;
    /** Hex digits of the hash a shortened name ends with. */
    static final int HASH_HEX = 12;

    private FileNames() {
    }

    /** {@code base + suffix} when it fits, else {@code base}'s beginning, {@code -}, a hash and the suffix. */
    public static String fit(String base, String suffix) {
        String whole = base + suffix;
        if (whole.getBytes(StandardCharsets.UTF_8).length <= MAX_BYTES) {
            return whole;
        }
        String tail = "-" + hashHex(base, HASH_HEX) + suffix;
        int room = MAX_BYTES - tail.getBytes(StandardCharsets.UTF_8).length;
        StringBuilder head = new StringBuilder();
        int bytes = 0;
        for (int i = 0; i < base.length(); ) {
            int cp = base.codePointAt(i);
            int n = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8).length;
            if (bytes + n > room) {
                break;
            }
            head.appendCodePoint(cp);
            bytes += n;
            i += Character.charCount(cp);
        }
        return head + tail;
    }

    /** {@link #fit} with no suffix: a folder's name. */
    public static String fit(String name) {
        return fit(name, "");
    }

    /** The first {@code digits} hex digits of the SHA-256 of {@code s}'s UTF-8 bytes. */
    public static String hashHex(String s, int digits) {
        return sha256Hex(s).substring(0, digits);
    }

    private static String sha256Hex(String s) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
            StringBuilder hex = new StringBuilder();
            for (byte b : d) {
                hex.append(Character.forDigit((b >> 4) & 0xf, 16)).append(Character.forDigit(b & 0xf, 16));
            }
            return hex.toString();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("no SHA-256 in this JVM", e);
        }
    }
}

package dev.latencybench.core.result;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * File and folder names made from what a user typed (a task's class name, a step's variant), fitted to what
 * every file system takes: at most {@link #MAX_BYTES} bytes of UTF-8, so that a temporary name made from it (a
 * suffix of about 40 bytes: {@code ResultFiles} writes to one and renames it) still fits in the 255 bytes
 * of ext4, XFS or APFS. A name that fits is kept as it is; a longer one keeps its beginning and ends with
 * {@code -} and the first {@link #HASH_HEX} hex digits of the SHA-256 of the whole name, so the same name is
 * always shortened the same way and two names alike in their first {@value #MAX_BYTES} bytes stay apart (as
 * real-logic/benchmarks' histogram file names carry a hash of their settings). The whole name is kept inside
 * the files. Stateless.
 */
public final class FileNames {
    /** The most bytes of a name made here, its suffix included. */
    public static final int MAX_BYTES = 200;
    /** Hex digits of the hash a shortened name ends with. */
    static final int HASH_HEX = 12;

    private FileNames() {
    }

    /** {@code base + suffix} when it fits in {@link #MAX_BYTES}, else {@code base}'s beginning, {@code -}, a hash and the suffix. */
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

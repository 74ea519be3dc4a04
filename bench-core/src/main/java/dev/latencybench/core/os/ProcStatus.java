package dev.latencybench.core.os;

/**
 * The sizes in Linux's {@code /proc/<pid>/status} ({@code VmRSS:}, {@code VmHWM:} ...) and
 * {@code /proc/<pid>/smaps_rollup} ({@code Pss:} ...), which share one line format:
 * {@code <field> <n> kB}. Stateless; takes the files' text so that tests hand in samples.
 */
public final class ProcStatus {
    private ProcStatus() {
    }

    /**
     * The value in KiB of the line {@code <field> <n> kB}; -1 when the text is null, has no such
     * line, or the line is not a number of kB.
     *
     * @param field the name with its colon, e.g. {@code VmRSS:}
     */
    public static long kib(String text, String field) {
        if (text == null) {
            return -1;
        }
        for (String line : text.split("\n")) {
            if (line.startsWith(field)) {
                String[] parts = line.substring(field.length()).trim().split("\\s+");
                if (parts.length == 2 && parts[1].equals("kB")) {
                    try {
                        return Long.parseLong(parts[0]);
                    } catch (NumberFormatException e) {
                        return -1;
                    }
                }
                return -1;
            }
        }
        return -1;
    }
}

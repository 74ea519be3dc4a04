package dev.latencybench.runner.cli;

import java.util.ArrayList;
import java.util.List;

/** The runner's list options: their repeats joined into one value, and a value read back as its items. Stateless. */
public final class ListOption {
    private ListOption() {
    }

    /** A list option's values joined into one list ({@code --gcs g1 --gcs zgc} is {@code g1,zgc}); null when not given. */
    public static String joined(List<String> values, String separator) {
        return values == null || values.isEmpty() ? null : String.join(separator, values);
    }

    /** A comma-separated list, else the fallback's. */
    public static List<String> list(String value, String fallback) {
        List<String> items = new ArrayList<>();
        for (String item : (value != null ? value : fallback).split(",")) {
            if (!item.trim().isEmpty()) {
                items.add(item.trim());
            }
        }
        return items;
    }
}

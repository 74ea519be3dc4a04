package dev.latencybench.startup.load;

import java.util.List;

import com.google.gson.JsonObject;

import dev.latencybench.core.json.JsonCodec;

import dev.latencybench.core.time.SystemClock;

/** Opens the generator's package-private parts to the study's tests. */
public final class LoadGeneratorAccess {
    private LoadGeneratorAccess() {
    }

    public static JsonObject run(LoadSettings settings) throws InterruptedException {
        return JsonCodec.toJsonObject(new LoadGenerator(settings, SystemClock.INSTANCE).run());
    }

    public static LoadSettings parse(List<String> args) {
        return LoadSettings.parse(args);
    }
}

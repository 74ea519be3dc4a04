package dev.latencybench.core.fork;

import java.util.Map;

import com.google.gson.JsonElement;
import com.google.gson.JsonParseException;

import dev.latencybench.core.affinity.CpuTopology;
import dev.latencybench.core.config.BenchProperties;
import dev.latencybench.core.config.ConfigException;
import dev.latencybench.core.json.JsonCodec;
import dev.latencybench.core.study.RunSettings;
import dev.latencybench.core.study.Study;

/**
 * A study as its launcher and forked benchmark JVMs see it: a reader that makes the study's typed settings {@code S}
 * once, in the runner, and a plan and forks made from those settings as the cell's plan file keeps them.
 *
 * <pre>
 *   runner:   properties --read--> S --JsonCodec--> plan file
 *   launcher: plan file --> S --plan(S)--> Plan           fork: plan file --> S --atStep--> fork(S)
 * </pre>
 *
 * @param <S> the study's settings: a value {@link JsonCodec} writes and reads back as it was
 */
public interface ForkedStudy<S> extends Study {
    /** The class of the study's settings. */
    Class<S> settingsType();

    /** Reads and validates every study property into the study's settings; throws ConfigException. */
    S read(BenchProperties properties, CpuTopology topology);

    /** The plan made from the settings: reads no property. */
    Plan plan(S settings);

    /**
     * The settings of one fork: {@code settings} with what its step or the launcher set for it as {@code -D} (a
     * search's chains, a started broker's address), from {@code forkProperties}; by default the settings as they are.
     */
    default S atStep(S settings, Map<String, String> forkProperties) {
        return settings;
    }

    /** Says how one fork of {@code variant} opens its workload, from its settings; reads no property. */
    ForkPlan fork(String variant, RunSettings run, S settings);

    @Override
    default Plan plan(BenchProperties properties, CpuTopology topology) {
        S settings = read(properties, topology);
        return plan(settings).withSettings(JsonCodec.toJson(settings, settingsType()));
    }

    @Override
    default Plan planOf(JsonElement settings) {
        return plan(settingsOf(settings)).withSettings(settings);
    }

    /** The fork's plan from the settings of its cell's plan file and the fork's own {@code -D}. */
    default ForkPlan forkOf(String variant, RunSettings run, JsonElement settings, Map<String, String> forkProperties) {
        return fork(variant, run, atStep(settingsOf(settings), forkProperties));
    }

    /** The settings as a plan file keeps them; a ConfigException says what is not as the study writes it. */
    private S settingsOf(JsonElement settings) {
        S s;
        try {
            s = JsonCodec.fromJson(settings, settingsType());
        } catch (JsonParseException e) { // MemberProblem too
            throw new ConfigException("the " + name() + " study's settings in the cell's plan are not as it writes"
                    + " them: " + String.valueOf(e.getMessage()).split("\\R", 2)[0]);
        }
        if (s == null) {
            throw new ConfigException("the cell's plan holds no settings of the " + name() + " study");
        }
        return s;
    }
}

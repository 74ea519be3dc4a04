package dev.latencybench.core.env;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

import org.junit.jupiter.api.Test;

/** The busy-machine flag says how busy, and against what threshold. */
class BusyMachineTest {
    private static JsonObject fork(double other, double steal, boolean busy) {
        JsonObject o = new JsonObject();
        o.addProperty("otherProcessesCores", other);
        o.addProperty("stealCores", steal);
        o.addProperty("busyThresholdCores", 0.1);
        o.addProperty("busy", busy);
        return o;
    }

    @Test
    void theBusiestForkGivesTheFigureBesideTheThreshold() {
        JsonArray forks = new JsonArray();
        forks.add(fork(0.02, 0, false));
        forks.add(fork(0.13348768100712033, 0, true));
        forks.add(fork(0.26, 0, true));
        assertEquals("busy machine: other processes used 0.26 cores, more than the 0.10 allowed",
                BusyMachine.flag(forks));
    }

    @Test
    void stealIsNamedWhenItAloneWasOverTheThreshold() {
        JsonArray forks = new JsonArray();
        forks.add(fork(0.05, 0.31, true));
        assertEquals("busy machine: the hypervisor gave 0.31 cores to other guests (steal), more than the 0.10"
                + " allowed", BusyMachine.flag(forks));
    }

    @Test
    void noBusyForkNoFlag() {
        JsonArray forks = new JsonArray();
        forks.add(fork(0.5, 0, false)); // a fork's own verdict stands
        assertNull(BusyMachine.flag(forks));
        assertNull(BusyMachine.flag(new JsonArray()));
    }
}

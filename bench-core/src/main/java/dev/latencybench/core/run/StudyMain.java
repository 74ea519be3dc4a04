package dev.latencybench.core.run;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.ServiceLoader;

/**
 * Starts any study on the class path by name: {@code StudyMain queue [launcher arguments]}. Studies
 * are found through {@link ServiceLoader} ({@code META-INF/services/dev.latencybench.core.run.Study}),
 * so the runner starts a new study module without knowing its classes.
 */
public final class StudyMain {
    private StudyMain() {
    }

    /** Every study on the class path, in class-path order. */
    public static List<Study> studies() {
        List<Study> all = new ArrayList<>();
        ServiceLoader.load(Study.class).forEach(all::add);
        return all;
    }

    public static void main(String[] args) {
        List<Study> all = studies();
        List<String> names = new ArrayList<>();
        all.forEach(s -> names.add(s.name()));
        if (args.length == 0 || !names.contains(args[0])) {
            System.err.println("latency-bench: " + (args.length == 0 ? "name a study" : "unknown study '" + args[0]
                    + "'") + "; studies on the class path: " + String.join(", ", names));
            System.exit(2);
        }
        Study study = all.get(names.indexOf(args[0]));
        int status = new StudyLauncher(study).run(Arrays.copyOfRange(args, 1, args.length));
        if (status != 0) {
            System.exit(status);
        }
    }
}

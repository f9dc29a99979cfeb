package org.lttbench.ui.chart;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Folded stacks as a tree of frames, for a flame graph: each frame holds its own stacks' values and its children's, in
 * two runs, A and B (one run: B alone, A all zero). A differential flame graph draws each frame as wide as its B and
 * colours it by B less A, as flamegraph.pl does with difffolded.pl's two columns.
 */
public final class FlameTree {
    private final String name;
    private long a;
    private long b;
    private final Map<String, FlameTree> children = new LinkedHashMap<>();

    private FlameTree(String name) {
        this.name = name;
    }

    /**
     * The tree of two runs' stacks ({@code frame;frame;...} to a value, such as nanoseconds per second): children in
     * the order of the stacks (sorted stacks give sorted frames), values summed up to the root.
     */
    public static FlameTree of(String rootName, Map<String, Long> a, Map<String, Long> b) {
        FlameTree root = new FlameTree(rootName);
        a.forEach((stack, v) -> root.add(stack, v, 0));
        b.forEach((stack, v) -> root.add(stack, 0, v));
        return root;
    }

    private void add(String stack, long va, long vb) {
        FlameTree at = this;
        at.a += va;
        at.b += vb;
        for (String frame : stack.split(";", -1)) {
            at = at.children.computeIfAbsent(frame, FlameTree::new);
            at.a += va;
            at.b += vb;
        }
    }

    public String name() {
        return name;
    }

    /** The frame's value in A: its stacks' and every stack below it. */
    public long a() {
        return a;
    }

    /** The same in B: how wide it is drawn. */
    public long b() {
        return b;
    }

    public List<FlameTree> children() {
        return Collections.unmodifiableList(new ArrayList<>(children.values()));
    }

    /** The child of that name, or null. */
    public FlameTree child(String frame) {
        return children.get(frame);
    }

    /** The frame at the end of that path of frames below this one, or null. */
    public FlameTree at(String... frames) {
        FlameTree t = this;
        for (String f : frames) {
            t = t == null ? null : t.child(f);
        }
        return t;
    }

    /** How many levels of frames are below this one. */
    public int depth() {
        int d = 0;
        for (FlameTree c : children.values()) {
            d = Math.max(d, 1 + c.depth());
        }
        return d;
    }

    /** The largest |B - A| of any frame below this one (what a full colour stands for). */
    public long largestChange() {
        long m = 0;
        for (FlameTree c : children.values()) {
            m = Math.max(m, Math.max(Math.abs(c.b - c.a), c.largestChange()));
        }
        return m;
    }
}

package org.lttbench.core.analysis.dropin;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.latency.LatencyAnalysis;
import org.lttbench.core.analysis.latency.LongestKept;
import org.lttbench.core.analysis.latency.SyscallLatencyAnalysis;
import org.lttbench.core.kernel.ThreadRecord;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.SummaryLine;
import org.lttbench.core.trace.KernelLayout;

/**
 * The I/O system calls ({@link IoSyscalls}) as lttng-analyses' I/O commands list them: the longest of each category.
 * Hears the same system call ends as the syscalls analysis ({@link #syscall}), in the same pass.
 */
final class IoSyscallLatencies extends LatencyAnalysis {

    /** One I/O call. */
    record Call(ThreadRecord thread, String syscall, long entry, long exit, long ret) {
    }

    private final Map<String, LongestKept<Call>> longest = new LinkedHashMap<>();
    private final Map<Integer, String[]> categories = new HashMap<>();

    IoSyscallLatencies(AnalysisOptions options) {
        super(options, "the syscalls analysis");
        for (String c : IoSyscalls.CATEGORIES.keySet()) {
            longest.put(c, longestKept());
        }
    }

    @Override
    protected String lacks(KernelLayout layout) {
        return SyscallLatencyAnalysis.lacksSyscalls(layout);
    }

    @Override
    public void syscall(ThreadRecord thread, int syscall, long entry, long exit, long ret, long blocked, long waitCpu) {
        if (!inRange(exit)) {
            return;
        }
        String name = processes().syscalls().name(syscall);
        String[] of = categories.computeIfAbsent(syscall, id -> IoSyscalls.CATEGORIES.keySet().stream()
                .filter(c -> IoSyscalls.in(c, name)).toArray(String[]::new));
        for (String c : of) {
            LongestKept<Call> top = longest.get(c);
            if (top.keeps(exit - entry, entry)) {
                top.offer(exit - entry, entry, new Call(thread, name, entry, exit, ret));
            }
        }
    }

    /** The longest calls of a category, longest first. */
    List<Call> longest(String category) {
        return longest.get(category).longestFirst();
    }

    @Override
    public Report report() {
        return newReport("io-syscalls", "I/O system calls", SummaryLine.of("I/O system calls"));
    }
}

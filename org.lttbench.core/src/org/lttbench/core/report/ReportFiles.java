package org.lttbench.core.report;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code --out DIR}: one file per table, {@code <table key>.<extension>}, in any plain format. Each file is what the
 * format writes for a report holding that one table (with the report's range and notes), so a script reads
 * {@code threads.csv} the same way whichever other analyses ran.
 */
public final class ReportFiles {
    private ReportFiles() {
    }

    /** Writes the files, creating the directory if needed, and returns them in table order. */
    public static List<Path> write(List<Report> reports, ReportFormat format, Path dir) throws IOException {
        Set<String> keys = new HashSet<>();
        for (Report report : reports) {
            for (Table table : report.tables()) {
                if (!table.key().matches("[A-Za-z0-9_][A-Za-z0-9_.-]*")) {
                    throw new IllegalArgumentException("table key '" + table.key() + "' is not a file name");
                }
                if (!keys.add(table.key())) {
                    throw new IllegalArgumentException("two tables named " + table.key() + " would write the same file");
                }
            }
        }
        Files.createDirectories(dir);
        List<Path> files = new ArrayList<>();
        for (Report report : reports) {
            for (Table table : report.tables()) {
                Report single = report.withOnly(table);
                Path file = dir.resolve(table.key() + "." + format.extension());
                try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
                    format.write(List.of(single), out);
                }
                files.add(file);
            }
        }
        return files;
    }
}

package org.lttbench.core.report;

import java.io.IOException;
import java.io.Writer;
import java.util.List;

/** The plain output formats of the CLI; LAMI has its own writer, with its own protocol. */
public enum ReportFormat {
    TEXT("txt") {
        @Override
        public void write(List<Report> reports, Writer out) throws IOException {
            TextReportWriter.write(reports, out);
        }
    },
    CSV("csv") {
        @Override
        public void write(List<Report> reports, Writer out) throws IOException {
            CsvReportWriter.write(reports, out);
        }
    },
    JSON("json") {
        @Override
        public void write(List<Report> reports, Writer out) throws IOException {
            JsonReportWriter.write(reports, out);
        }
    };

    private final String extension;

    ReportFormat(String extension) {
        this.extension = extension;
    }

    public String extension() {
        return extension;
    }

    public abstract void write(List<Report> reports, Writer out) throws IOException;
}

package org.lttbench.core.report;

import java.io.IOException;
import java.io.Writer;
import java.util.List;

import org.lttbench.core.trace.TimeRange;

/**
 * RFC 4180 CSV with raw units (ns, bytes, ratios as fractions): for spreadsheets and scripts. Several tables on one
 * output are separated by a blank line and a {@code # key} line, followed by a {@code # warning: ...} line for each
 * figure of the table found doubtful; {@code --out DIR} writes one file per table instead (data only).
 */
public final class CsvReportWriter {
    private CsvReportWriter() {
    }

    public static void write(List<Report> reports, Writer out) throws IOException {
        Table.fillAhead(reports);
        int count = 0;
        for (Report report : reports) {
            count += report.tables().size();
        }
        boolean first = true;
        for (Report report : reports) {
            for (Table table : report.tables()) {
                if (count > 1) {
                    out.write((first ? "" : "\n") + "# " + table.key() + '\n');
                    for (Table.Warning w : table.warnings()) {
                        out.write("# warning: " + w.text().replace('\n', ' ') + '\n');
                    }
                }
                first = false;
                writeTable(table, out);
            }
        }
        out.flush();
    }

    public static void writeTable(Table table, Writer out) throws IOException {
        StringBuilder line = new StringBuilder();
        for (Column column : table.columns()) {
            if (column.kind() == ColumnKind.TIME_RANGE) {
                field(line, column.key() + "_begin");
                field(line, column.key() + "_end");
            } else {
                field(line, column.key());
            }
        }
        out.write(record(line));
        for (Object[] row : table.rowsInOrder()) {
            line.setLength(0);
            for (int c = 0; c < row.length; c++) {
                Object v = row[c];
                if (table.columns().get(c).kind() == ColumnKind.TIME_RANGE) {
                    field(line, v == null ? "" : Long.toString(((TimeRange) v).begin()));
                    field(line, v == null ? "" : Long.toString(((TimeRange) v).end()));
                } else {
                    field(line, v == null ? "" : v.toString());
                }
            }
            out.write(record(line));
        }
    }

    /** The line's fields as one record: each field came with a comma before it, the first's is dropped. */
    private static String record(StringBuilder fields) {
        return (fields.length() > 0 ? fields.substring(1) : "") + "\r\n";
    }

    /** Appends a comma, then the field (quoted when it must be): an empty first field keeps its place. */
    private static void field(StringBuilder line, String value) {
        line.append(',');
        if (value.indexOf(',') >= 0 || value.indexOf('"') >= 0 || value.indexOf('\n') >= 0 || value.indexOf('\r') >= 0) {
            line.append('"').append(value.replace("\"", "\"\"")).append('"');
        } else {
            line.append(value);
        }
    }
}

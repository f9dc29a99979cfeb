package org.lttbench.core.batch;

import java.util.ArrayList;
import java.util.List;

import org.lttbench.core.analysis.spans.SpanDefinition;

import picocli.CommandLine;
import picocli.CommandLine.Option;

/** {@code --span NAME=PROVIDER:BEGIN..PROVIDER:END[@FIELD]}: user-space event pairs the spans analysis follows. */
public final class SpanOption {

    @Option(names = "--span", paramLabel = SpanDefinition.SYNTAX_HELP, converter = Definition.class,
            description = "The spans analysis: a span opened by the event BEGIN and closed by END (user-space events), "
                    + "paired per thread, or by the payload field FIELD (a request id); repeat for several")
    List<SpanDefinition> spans = new ArrayList<>();

    public List<SpanDefinition> value() {
        return spans;
    }

    static final class Definition implements CommandLine.ITypeConverter<SpanDefinition> {
        @Override
        public SpanDefinition convert(String value) {
            try {
                return SpanDefinition.parse(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }
}

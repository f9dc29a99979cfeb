package org.lttbench.core.analysis.spans;

import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A pair of user-space events that opens and closes a span: {@code --span NAME=PROVIDER:BEGIN..PROVIDER:END}, matched
 * per thread (an end closes the innermost open span of that name on its thread), or {@code @FIELD}: matched by that
 * payload field's value (a request id), whatever threads begin and end it. The functions of
 * {@code -finstrument-functions} ({@code lttng_ust_cyg_profile*}) and ROS 2's callbacks ({@code ros2_tracing}) are
 * spans without a definition.
 *
 * @param name  the span's name in the tables
 * @param begin the event that opens it ({@code provider:event}, as the trace names it)
 * @param end   the event that closes it
 * @param field the payload field both carry whose value pairs them, or null: paired per thread
 */
public record SpanDefinition(String name, String begin, String end, String field) {

    /** The function entry and exit events of {@code -finstrument-functions} (liblttng-ust-cyg-profile, and its fast variant). */
    public static final List<String> FUNCTION_ENTRIES = List.of("lttng_ust_cyg_profile:func_entry",
            "lttng_ust_cyg_profile_fast:func_entry");
    public static final List<String> FUNCTION_EXITS = List.of("lttng_ust_cyg_profile:func_exit",
            "lttng_ust_cyg_profile_fast:func_exit");

    /**
     * A ROS 2 callback's run (ros2_tracing's {@code tp_call.h}): a start and an end on the executor's thread, both with
     * the {@code callback} field, the address of the callback object.
     */
    public static final String CALLBACK_START = "ros2:callback_start";
    public static final String CALLBACK_END = "ros2:callback_end";
    /** The callback's name: the symbol rclcpp registers for that callback address when the node sets it up. */
    public static final String CALLBACK_REGISTER = "ros2:rclcpp_callback_register";
    /** Without a registered symbol, what the callback was added as (by the same {@code callback} field). */
    public static final Map<String, String> CALLBACK_KINDS = Map.of("ros2:rclcpp_subscription_callback_added",
            "subscription", "ros2:rclcpp_timer_callback_added", "timer", "ros2:rclcpp_service_callback_added", "service");

    private static final Pattern SYNTAX = Pattern.compile(
            "([^=\\s]+)=([A-Za-z_][\\w.-]*:[\\w.-]+)\\.\\.([A-Za-z_][\\w.-]*:[\\w.-]+)(?:@([A-Za-z_]\\w*))?");

    /** What {@link #parse} accepts, for messages. */
    public static final String SYNTAX_HELP = "NAME=PROVIDER:BEGIN..PROVIDER:END[@FIELD]";

    /**
     * A definition as the command line gives it.
     *
     * @throws IllegalArgumentException saying what is wrong with it
     */
    public static SpanDefinition parse(String text) {
        Matcher m = SYNTAX.matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a span definition: expected " + SYNTAX_HELP
                    + " (e.g. request=myapp:request_begin..myapp:request_end@id)");
        }
        if (m.group(2).equals(m.group(3))) {
            throw new IllegalArgumentException("'" + text + "': a span begins and ends with two different events");
        }
        return new SpanDefinition(m.group(1), m.group(2), m.group(3), m.group(4));
    }

    @Override
    public String toString() {
        return name + "=" + begin + ".." + end + (field == null ? "" : "@" + field);
    }
}

package dev.latencybench.core.json;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the one field (of type {@code JsonObject}) of a file type that holds the members the type does not name: a
 * newer suite's, an older one's, a study's own. {@link JsonCodec} fills it when it reads and writes its members back
 * after the known ones, so a read and a write lose nothing (Gson's counterpart of Jackson's
 * {@code @JsonAnySetter}/{@code @JsonAnyGetter}). The field's own name is never a member of the file.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD})
public @interface Others {
}

import { BaseSequencer, type TestSpecification } from 'vitest/node';

export declare class LongestFilesFirst extends BaseSequencer {
  sort(files: TestSpecification[]): Promise<TestSpecification[]>;
}
